import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDrainLoop, type DrainLoopResult } from './drain-loop.ts';

/** A drain whose answers are scripted, one per run; it counts its runs. */
function scripted(answers: DrainLoopResult[]) {
  const runs: number[] = [];
  let resolveCurrent: (() => void) | null = null;
  return {
    runs,
    run(): Promise<DrainLoopResult> {
      runs.push(Date.now());
      return Promise.resolve(answers.shift() ?? 'drained');
    },
    /** A run that waits until `release` is called. */
    held(): Promise<DrainLoopResult> {
      runs.push(Date.now());
      return new Promise((resolve) => {
        resolveCurrent = () => resolve('drained');
      });
    },
    release() {
      resolveCurrent?.();
    },
  };
}

describe('the chat photo drain loop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries again by itself after a busy server, backing off, and stops once drained', async () => {
    const drain = scripted(['later', 'later', 'drained']);
    // random() = 1: the whole backoff ceiling, 1 s then 2 s.
    const loop = createDrainLoop({ run: drain.run, isOnline: () => true, onError: vi.fn(), random: () => 1 });
    loop.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(drain.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(drain.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(drain.runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(drain.runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(drain.runs).toHaveLength(3);
    loop.stop();
  });

  it('waits for the next trigger when there is no network, and does nothing while offline', async () => {
    let isOnline = true;
    const drain = scripted(['offline']);
    const loop = createDrainLoop({ run: drain.run, isOnline: () => isOnline, onError: vi.fn() });
    loop.trigger();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(drain.runs).toHaveLength(1);
    isOnline = false;
    loop.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(drain.runs).toHaveLength(1);
    isOnline = true;
    loop.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(drain.runs).toHaveLength(2);
    loop.stop();
  });

  it('runs once more after the drain under way when triggered meanwhile, however often', async () => {
    const drain = scripted([]);
    let calls = 0;
    const loop = createDrainLoop({
      run: () => (++calls === 1 ? drain.held() : drain.run()),
      isOnline: () => true,
      onError: vi.fn(),
    });
    loop.trigger();
    loop.trigger();
    loop.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(drain.runs).toHaveLength(1);
    drain.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(drain.runs).toHaveLength(2);
    loop.stop();
  });

  it('reports a failed drain and no longer retries once stopped', async () => {
    const onError = vi.fn();
    const failing = createDrainLoop({
      run: () => Promise.reject(new Error('the device database is gone')),
      isOnline: () => true,
      onError,
    });
    failing.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);

    const drain = scripted(['later']);
    const loop = createDrainLoop({ run: drain.run, isOnline: () => true, onError, random: () => 1 });
    loop.trigger();
    await vi.advanceTimersByTimeAsync(0);
    loop.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(drain.runs).toHaveLength(1);
  });
});
