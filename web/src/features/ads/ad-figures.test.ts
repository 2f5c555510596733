import { describe, expect, it } from 'vitest';
import { AD_FIGURES, formatAdDate, formatFigure } from './ad-figures.ts';

const ANALYTICS = {
  views: 12_345,
  accountsReached: 980,
  directMessages: 0,
  copiedLink: 3,
  externalLinkClicks: 1_000_000,
  profileVisits: 7,
};

describe('ad figures (spec 3 §2 Ad analytics)', () => {
  it('names the six figures in the spec’s order', () => {
    expect(AD_FIGURES.map((figure) => figure.label)).toEqual([
      'Views',
      'Accounts Reached',
      'Direct Messages',
      'Copied Link',
      'External Link Clicks',
      'Profile Visits',
    ]);
  });

  it('shows counts with thousands separators, 0 as 0', () => {
    expect(AD_FIGURES.map(({ key }) => formatFigure(ANALYTICS, key))).toEqual([
      '12,345',
      '980',
      '0',
      '3',
      '1,000,000',
      '7',
    ]);
  });

  it('shows "--" for every figure while the ad is unpaid (no analytics)', () => {
    expect(AD_FIGURES.map(({ key }) => formatFigure(null, key))).toEqual(Array(6).fill('--'));
  });

  it('dates a row like "Nov 25, 2026"', () => {
    expect(formatAdDate('2026-11-25T12:00:00.000Z')).toBe('Nov 25, 2026');
  });
});
