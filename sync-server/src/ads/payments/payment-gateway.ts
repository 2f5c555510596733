import type { PaymentMode } from '../../config.ts';

/**
 * What the boosts need from a card processor (decision 041): Stripe through
 * its SDK when STRIPE_SECRET_KEY is set, else the built-in test mode. The
 * server's money code sees only this.
 */
export interface CheckoutRequest {
  adId: string;
  userId: string;
  /**
   * What the card pays now. 0 with `saveCardForLater`: Available Funds paid day 1 of a run-until-paused
   * boost, and the checkout only saves the card for the next days (Stripe's setup mode).
   */
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
  /** Run until paused: keep the card for the daily off-session charges. */
  saveCardForLater: boolean;
  /** What is bought, for the processor's page: the post, the days, the funds applied (issue 35 item 3). */
  description: string;
  /** When the session stops taking a payment (ms; Stripe's `expires_at`, 30 minutes to a day ahead). */
  expiresAt: number;
}

export interface CheckoutSessionInfo {
  id: string;
  /**
   * Stripe's `payment_status === 'paid'`, or a completed setup-mode session (its card saved, nothing
   * due): the only thing that activates an ad.
   */
  isPaid: boolean;
  amountTotal: number;
  currency: string;
  /** The payment's id, the ledger's Stripe id. */
  paymentIntentId: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
}

type OffSessionResult = { ok: true; paymentIntentId: string } | { ok: false; reason: string };

interface PaidCheckoutEvent {
  id: string;
  type: string;
  /** The checkout session of a `checkout.session.*` event. */
  sessionId: string | null;
}

export interface PaymentGateway {
  /** `off`: no provider, boosts are refused (no-payment-gateway.ts). */
  readonly mode: PaymentMode;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Null when the processor does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /**
   * Closes an unpaid session so it can no longer be paid (Stripe's `checkout.sessions.expire`):
   * `paid` when it was paid first, `missing` when the processor does not know it.
   */
  expireCheckoutSession(id: string): Promise<'expired' | 'paid' | 'missing'>;
  /** One day of a run-until-paused ad; the key makes a retried charge the same charge. */
  chargeSavedCard(request: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    adId: string;
  }): Promise<OffSessionResult>;
  /** Checks the signature of a webhook body; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string): PaidCheckoutEvent;
}
