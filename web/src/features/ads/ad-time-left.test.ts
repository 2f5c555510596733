import { describe, expect, it } from 'vitest';
import { adTimeLeftMs, formatTimeLeft, nextChargeText } from './ad-time-left.ts';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe('formatTimeLeft (spec 3 §2: "Expired" at 0 or less, else days, hours and minutes)', () => {
  it.each([
    [0, 'Expired'],
    [-5 * MINUTE, 'Expired'],
    [2 * DAY + 3 * HOUR + 15 * MINUTE + 59_000, '2 days 3 hours 15 minutes'],
    [DAY + HOUR + MINUTE, '1 day 1 hour 1 minute'],
    [59_000, '0 days 0 hours 0 minutes'],
    [30 * DAY, '30 days 0 hours 0 minutes'],
    [null, '--'],
  ])('%s ms reads "%s"', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });
});

describe('adTimeLeftMs', () => {
  it('counts down to the adjusted end while running', () => {
    const ad = { status: 'active' as const, endTimeAdjusted: iso(NOW + 3 * DAY), pausedAt: null };
    expect(adTimeLeftMs(ad, NOW)).toBe(3 * DAY);
    expect(adTimeLeftMs(ad, NOW + DAY)).toBe(2 * DAY);
    expect(formatTimeLeft(adTimeLeftMs(ad, NOW + 3 * DAY))).toBe('Expired');
  });

  it('freezes while paused: the time left is what it was at the pause, however long ago', () => {
    const pausedAt = NOW - 5 * HOUR;
    const ad = { status: 'paused' as const, endTimeAdjusted: iso(NOW + DAY), pausedAt: iso(pausedAt) };
    expect(adTimeLeftMs(ad, NOW)).toBe(DAY + 5 * HOUR);
    expect(adTimeLeftMs(ad, NOW + 10 * DAY)).toBe(DAY + 5 * HOUR);
  });

  it('reads Expired once stopped, completed or rejected, and "--" before the ad started', () => {
    for (const status of ['stopped', 'completed', 'rejected'] as const) {
      expect(formatTimeLeft(adTimeLeftMs({ status, endTimeAdjusted: iso(NOW + DAY), pausedAt: null }, NOW))).toBe(
        'Expired',
      );
    }
    expect(adTimeLeftMs({ status: 'checkout', endTimeAdjusted: null, pausedAt: null }, NOW)).toBeNull();
  });
});

// issue 39 item 6: a run-until-paused ad read '0 days 23 hours 51 minutes', as if it stopped tomorrow.
describe('nextChargeText', () => {
  const end = '2026-12-02T15:00:00.000Z';
  it('says when the next day is charged while it runs, and that nothing is while paused', () => {
    expect(nextChargeText({ status: 'active', runUntilPaused: true, endTimeAdjusted: end }, 'UTC')).toBe(
      'Next $5.00 on Dec 2, 3:00 PM',
    );
    expect(nextChargeText({ status: 'paused', runUntilPaused: true, endTimeAdjusted: end }, 'UTC')).toBe(
      'Nothing is charged while it is paused',
    );
  });

  it('leaves a fixed ad, and one not running, to the clock', () => {
    expect(nextChargeText({ status: 'active', runUntilPaused: false, endTimeAdjusted: end })).toBeNull();
    expect(nextChargeText({ status: 'stopped', runUntilPaused: true, endTimeAdjusted: end })).toBeNull();
    expect(nextChargeText({ status: 'checkout', runUntilPaused: true, endTimeAdjusted: null })).toBeNull();
  });
});
