import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { GENERIC_MESSAGES } from '@campus/shared/errors';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { closeExpiredCheckout, confirmCheckout } from './ad-checkout.ts';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
/** The session will never be paid: it expired (issue 35 item 4), or its delayed payment failed. */
const CLOSED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

/**
 * POST /api/payments/stripe/webhook (decision 041): Stripe's signed events.
 * The raw body is verified with the SDK's constructEvent (a forged one is a
 * 400); each event id is applied once; a paid checkout goes through the same
 * function as the success page, which asks Stripe for the session again; an
 * expired one is closed as the lifecycle sweep would close it.
 */
export function stripeWebhookRoutes(context: AppContext) {
  const { db, payments, logger } = context;
  return new Hono<AppEnv>().post('/stripe/webhook', async (c) => {
    if (payments.mode !== 'stripe') throw new AppError('not_found', GENERIC_MESSAGES.notFound);
    const signature = c.req.header('stripe-signature');
    const rawBody = await c.req.text();
    let event: ReturnType<typeof payments.verifyWebhook>;
    try {
      if (!signature) throw new Error('no signature');
      event = payments.verifyWebhook(rawBody, signature);
    } catch {
      throw new AppError('bad_request', AD_MESSAGES.badSignature);
    }
    const seen = await db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
    if (seen) return c.json({ received: true });
    if (PAID_EVENTS.has(event.type) && event.sessionId) {
      await confirmCheckout(db, payments, event.sessionId, context.now(), logger);
    } else if (CLOSED_EVENTS.has(event.type) && event.sessionId) {
      await closeExpiredCheckout(db, payments, event.sessionId, context.now(), logger);
    }
    await db
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type, received_at: new Date(context.now()).toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return c.json({ received: true });
  });
}
