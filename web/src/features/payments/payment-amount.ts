import type { PaymentActivityDto } from '@campus/shared/payments-api';

/**
 * Money on the Payments page (decision 047): US dollars with cents, '$15.00',
 * because it is a statement of what was charged; the boost screens' whole
 * '$5' is the same price.
 */
export function formatCents(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US')}.${rest}`;
}

/** spec 3 §2 Payments: "-- of {budget}" while checkout, scheduled or in review, else "{spent} of {budget}". */
export function amountText(item: Pick<PaymentActivityDto, 'spent' | 'budget'>): string {
  const spent = item.spent === null ? '--' : formatCents(item.spent);
  return `${spent} of ${formatCents(item.budget)}`;
}

/** The line under the amount: where the rest of the budget is, or how a daily ad is billed. */
export function amountNote(item: PaymentActivityDto): string | null {
  if (item.creditedToFunds > 0) return `${formatCents(item.creditedToFunds)} back to Available Funds`;
  if (item.runUntilPaused) return '$5 daily until paused';
  return null;
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 25, 2026': the day the boost was made, in the student's time zone. */
export function formatActivityDate(iso: string): string {
  return DATE.format(new Date(iso));
}
