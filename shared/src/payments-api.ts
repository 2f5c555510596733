/**
 * The Payments page's answer (spec 3 §2 Payments, decision 047): zod-free,
 * every amount in integer cents, computed on the server from the ledger.
 */
import type { AdStatus } from './ad-rules.ts';

/** One ad in Payment Activity. For every paid ad: budget = spent + creditedToFunds + reserved. */
export interface PaymentActivityDto {
  adId: string;
  postId: string;
  title: string;
  /** ISO time the boost was made (the ad's date). */
  date: string;
  status: AdStatus;
  /** spec 3 §4 label, e.g. 'Running'. */
  statusLabel: string;
  runUntilPaused: boolean;
  /** Cents run so far; null while checkout, scheduled or in review (the page shows "--"). */
  spent: number | null;
  /**
   * Cents paid for this ad, by card and Available Funds together: a fixed ad's days x $5, a run-until-paused
   * ad's days paid so far. Before it is paid (checkout), what it will cost: days x $5, or one day.
   */
  budget: number;
  /** Cents of the budget that went back to Available Funds (days a stopped ad did not run). */
  creditedToFunds: number;
  /** Cents paid and not yet run: a live fixed ad's days not started, or funds a checkout drew. */
  reserved: number;
}

/** GET /api/payments: Available Funds and the viewer's Payment Activity on this campus, newest first. */
export interface PaymentsResponse {
  availableFunds: number;
  activity: PaymentActivityDto[];
}
