import { describe, expect, it } from 'vitest';
import {
  AD_CTA_LABELS,
  AD_CTA_TYPES,
  AD_IN_PROGRESS_STATUSES,
  AD_LIMITS,
  AD_REACH,
  AD_STATUS_LABELS,
  AD_STATUSES,
  AD_STORED_ALERTS,
  AD_UNPAID_STATUSES,
  amountBudgetedCents,
  defaultAdTitle,
  durationMinutes,
  fundsAppliedCents,
} from './ad-rules.ts';

describe('spec 3 §4, §9: boost constants word for word', () => {
  it('prices $5 a day in cents and counts minutes per day', () => {
    expect([1, 7, 30].map(amountBudgetedCents)).toEqual([500, 3500, 15_000]);
    expect([1, 30].map(durationMinutes)).toEqual([1440, 43_200]);
  });

  it('labels every status as §4 says', () => {
    expect(AD_STATUSES.map((status) => [status, AD_STATUS_LABELS[status]])).toEqual([
      ['checkout', 'Not Paid'],
      ['in review', 'In Review'],
      ['scheduled', 'Scheduled'],
      ['active', 'Running'],
      ['paused', 'Paused'],
      ['stopped', 'Stopped'],
      ['completed', 'Completed'],
      ['rejected', 'Rejected'],
    ]);
    expect(AD_IN_PROGRESS_STATUSES).toEqual(['active', 'paused', 'scheduled', 'in review']);
    expect(AD_UNPAID_STATUSES).toEqual(['checkout', 'scheduled', 'in review']);
  });

  it('has the Boost page texts and the stored alert names', () => {
    expect(AD_REACH).toEqual({ fixed: '590 - 1,500', runUntilPaused: '980 - 2,600' });
    expect(AD_CTA_TYPES).toEqual(['website', 'message']);
    expect(AD_CTA_LABELS).toEqual(['Visit Website', 'Learn More', 'Shop Now', 'Book Now', 'Sign Up']);
    expect(Object.values(AD_STORED_ALERTS)).toEqual(['already_boosted', 'cancelled_ad', 'actived_ad']);
  });
});

describe('Available Funds first (decision 040, issue 35 item 3)', () => {
  it('pays a fixed boost with as much of its budget as the funds hold', () => {
    expect(fundsAppliedCents(1000, 2500, false)).toBe(1000);
    expect(fundsAppliedCents(4000, 2500, false)).toBe(2500);
    expect(fundsAppliedCents(0, 2500, false)).toBe(0);
  });

  it('pays day 1 of run until paused from the funds when they hold the whole day, as every later day', () => {
    expect(fundsAppliedCents(1000, 500, true)).toBe(500);
    expect(fundsAppliedCents(500, 500, true)).toBe(500);
    expect(fundsAppliedCents(499, 500, true)).toBe(0);
  });
});

// issue 39 item 3: the post's first 50 characters gave '…tall. Cannot' and '…3 brigh'.
describe('defaultAdTitle', () => {
  it('keeps a short text whole, whitespace folded', () => {
    expect(defaultAdTitle('  Desk lamp,\n barely used  ')).toBe('Desk lamp, barely used');
  });

  it('cuts a long text at the last word that fits, with nothing left hanging', () => {
    const text = 'IKEA desk lamp, white, about 50 cm tall. Cannot ship, pick up near Couch.';
    const title = defaultAdTitle(text);
    expect(title).toBe('IKEA desk lamp, white, about 50 cm tall. Cannot');
    expect(title.length).toBeLessThanOrEqual(AD_LIMITS.titleMax);
    expect(defaultAdTitle('Three bright LED strips for a dorm, 3 brightness levels, remote')).toBe(
      'Three bright LED strips for a dorm, 3 brightness',
    );
    expect(defaultAdTitle(`${'a'.repeat(30)} ${'b'.repeat(30)}`)).toBe('a'.repeat(30));
    expect(defaultAdTitle('Lamp, desk, chair, bed, rug, shelf, mirror, clock, fan, more')).toBe(
      'Lamp, desk, chair, bed, rug, shelf, mirror, clock',
    );
  });

  it('cuts a single long word where the limit falls', () => {
    expect(defaultAdTitle('x'.repeat(80))).toBe('x'.repeat(AD_LIMITS.titleMax));
  });
});
