import { escapeHtml } from '../../mail/escape-html.ts';
import { dollars } from '../checkout-wording.ts';

/** The CSP allows no inline style (decision 021): the page's stylesheet is served here. */
export const TEST_CHECKOUT_CSS_PATH = '/checkout/test.css';

export function testCheckoutPath(sessionId: string): string {
  return `/checkout/test/${encodeURIComponent(sessionId)}`;
}

/** What the checkout is for (issue 35 item 3): the student sees the post, the days and where the money comes from. */
export interface CheckoutPurchase {
  title: string;
  /** `checkoutDuration`: '5 days x $5.00', or until paused. */
  duration: string;
  budgetCents: number;
  fundsAppliedCents: number;
}

/**
 * The built-in checkout of `npm start` without Stripe keys (decision 041):
 * laid out like Stripe's hosted page (what is bought, for how long, the
 * total, Available Funds applied, the amount due, Pay, a way back), and
 * labelled 'Test mode' everywhere, since no card is charged.
 */
export function testCheckoutPage(
  site: string,
  session: { id: string; amountCents: number; saveCardForLater: boolean },
  purchase?: CheckoutPurchase,
): string {
  const path = testCheckoutPath(session.id);
  const due = dollars(session.amountCents);
  // Available Funds paid day 1 of run until paused: the card is only saved (Stripe's setup mode).
  const isSetup = session.amountCents === 0;
  const action = isSetup ? 'Save card' : `Pay ${due}`;
  const today = isSetup ? 'today is paid from your Available Funds' : `${due} today`;
  const note = session.saveCardForLater
    ? `<p class="note">Runs until paused: ${escapeHtml(today)}, then $5.00 each day it runs, from your Available Funds first, then this card.</p>`
    : '';
  const lines = purchase
    ? `<dt>Boost Post<span class="detail">${escapeHtml(purchase.title)}</span><span class="detail">${escapeHtml(purchase.duration)}</span></dt><dd>${escapeHtml(dollars(purchase.budgetCents))}</dd>${
        purchase.fundsAppliedCents > 0
          ? `<dt>Available Funds applied</dt><dd>-${escapeHtml(dollars(purchase.fundsAppliedCents))}</dd>`
          : ''
      }`
    : `<dt>Boost Post</dt><dd>${escapeHtml(due)}</dd>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Test mode checkout · ${escapeHtml(site)}</title><link rel="stylesheet" href="${TEST_CHECKOUT_CSS_PATH}"></head>
<body><div class="banner" role="status">Test mode: no card is charged</div>
<main aria-labelledby="heading">
<p class="site">${escapeHtml(site)}</p>
<h1 id="heading">${escapeHtml(action)}</h1>
<dl>${lines}<dt class="total">Total due</dt><dd class="total">${escapeHtml(due)}</dd></dl>
${note}
<form method="post" action="${escapeHtml(path)}/pay"><button type="submit">${escapeHtml(action)}</button></form>
<form method="post" action="${escapeHtml(path)}/cancel"><button type="submit" class="secondary">Cancel and go back</button></form>
</main></body></html>`;
}
