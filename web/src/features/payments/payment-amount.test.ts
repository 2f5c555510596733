import type { PaymentActivityDto } from '@campus/shared/payments-api';
import { describe, expect, it } from 'vitest';
import { amountNote, amountText, formatCents } from './payment-amount.ts';

const item = (over: Partial<PaymentActivityDto>): PaymentActivityDto => ({
  adId: 'a',
  postId: 'p',
  title: 'Desk',
  date: '2026-11-25T10:00:00.000Z',
  status: 'active',
  statusLabel: 'Running',
  runUntilPaused: false,
  spent: 500,
  budget: 1500,
  creditedToFunds: 0,
  reserved: 1000,
  ...over,
});

describe('Payments page money (decision 047)', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [500, '$5.00'],
    [1505, '$15.05'],
    [250000, '$2,500.00'],
  ])('%d cents read %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('reads "{spent} of {budget}", and "-- of {budget}" before the ad is paid or running', () => {
    expect(amountText(item({}))).toBe('$5.00 of $15.00');
    expect(amountText(item({ spent: null, budget: 500, status: 'checkout' }))).toBe('-- of $5.00');
  });

  it('says where a stopped ad’s unrun days went, and how a daily ad is billed', () => {
    expect(amountNote(item({ creditedToFunds: 1000, reserved: 0 }))).toBe('$10.00 back to Available Funds');
    expect(amountNote(item({ runUntilPaused: true, budget: 1500, spent: 1500, reserved: 0 }))).toBe(
      '$5 daily until paused',
    );
    expect(amountNote(item({}))).toBeNull();
  });
});
