import { describe, expect, it } from 'vitest';
import { createLogger, type LogOutput } from './logger.ts';

function capture() {
  const writes: Array<[stream: 'info' | 'error', text: string]> = [];
  const output: LogOutput = {
    info: (text) => writes.push(['info', text]),
    error: (text) => writes.push(['error', text]),
  };
  return { writes, output };
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createLogger', () => {
  it('writes info lines together within 100 ms, one JSON object per line', async () => {
    const { writes, output } = capture();
    const logger = createLogger('info', output);
    logger.info('request', { path: '/api/posts/feed', status: 200 });
    logger.info('request', { path: '/api/campus', status: 200 });
    await later(20);
    expect(writes).toEqual([]);
    await later(150);
    expect(writes).toHaveLength(1);
    const lines = (writes[0]?.[1] ?? '')
      .trimEnd()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(lines).toMatchObject([
      { level: 'info', msg: 'request', path: '/api/posts/feed', status: 200 },
      { level: 'info', msg: 'request', path: '/api/campus' },
    ]);
    logger.info('later');
    await later(150);
    expect(writes).toHaveLength(2);
  });

  it('writes each line as JSON with the time now, the message escaped and undefined fields left out', async () => {
    const { writes, output } = capture();
    const logger = createLogger('info', output);
    const before = Date.now();
    logger.error('said "hi"\n', { campus: undefined, ms: 0.5 });
    logger.error('bare');
    const [first, second] = writes.map(([, text]) => JSON.parse(text));
    expect(first).toEqual({ time: expect.any(String), level: 'error', msg: 'said "hi"\n', ms: 0.5 });
    expect(Date.parse(first.time)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(first.time)).toBeLessThanOrEqual(Date.now());
    expect(second).toEqual({ time: expect.any(String), level: 'error', msg: 'bare' });
    await later(5);
    logger.error('later');
    expect(Date.parse(JSON.parse(writes[2]?.[1] ?? '{}').time)).toBeGreaterThan(Date.parse(first.time));
  });

  it('writes at once when 16 KB have gathered', () => {
    const { writes, output } = capture();
    const logger = createLogger('info', output);
    for (let index = 0; index < 200; index++)
      logger.info('request', { path: `/api/posts/feed?cursor=${'x'.repeat(100)}` });
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every(([, text]) => text.length >= 16 * 1024)).toBe(true);
  });

  it('writes an error at once, after the info lines logged before it', () => {
    const { writes, output } = capture();
    const logger = createLogger('info', output);
    logger.info('request');
    logger.error('boom', { stack: 'Error: boom' });
    expect(writes.map(([stream, text]) => [stream, JSON.parse(text).msg])).toEqual([
      ['info', 'request'],
      ['error', 'boom'],
    ]);
  });

  it('keeps errors only when silent', async () => {
    const { writes, output } = capture();
    const logger = createLogger('silent', output);
    logger.info('request');
    logger.error('boom');
    await later(150);
    expect(writes.map(([stream]) => stream)).toEqual(['error']);
  });
});
