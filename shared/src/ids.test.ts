import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.ts';

describe('uuidv7', () => {
  it('has the RFC 9562 layout: version 7, variant 10', () => {
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts by creation time and carries the timestamp in its first 48 bits', () => {
    const earlier = uuidv7(Date.UTC(2026, 0, 1));
    const later = uuidv7(Date.UTC(2026, 0, 2));
    expect(earlier < later).toBe(true);
    expect(Number.parseInt(earlier.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 0, 1));
  });

  it('writes every byte as two lower-case hex digits', () => {
    // 2026-01-01 is 0x019b76daa800 ms: six timestamp bytes, each digit pair in place.
    expect(uuidv7(Date.UTC(2026, 0, 1)).slice(0, 13)).toBe('019b76da-a800');
    expect(uuidv7(0xff_ff_ff_ff_ff_ff).slice(0, 13)).toBe('ffffffff-ffff');
  });

  it('sorts ids minted in the same millisecond in the order they were made', () => {
    // A chat's newest message is the one with the greatest id (chat-metadata.ts): two sent within
    // one millisecond must not swap places.
    const ids = Array.from({ length: 5000 }, () => uuidv7(Date.UTC(2026, 0, 1)));
    expect([...ids].sort()).toEqual(ids);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => uuidv7(0)));
    expect(ids.size).toBe(5000);
  });
});
