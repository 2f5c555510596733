import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { CheckoutRequest, CheckoutSessionInfo, PaymentGateway } from './payment-gateway.ts';

/** The test checkout as its page shows it; it expires with the lifecycle pass (ad-checkout.ts). */
interface TestSession extends Omit<CheckoutRequest, 'expiresAt' | 'description'> {
  id: string;
  isPaid: boolean;
}

export interface TestModeGateway extends PaymentGateway {
  /** The test checkout page: the session as it waits for Pay or Cancel. */
  session(id: string): Promise<TestSession | undefined>;
  /** The test page's Pay button: the session is paid, as Stripe would mark it. */
  pay(id: string): Promise<boolean>;
}

/**
 * The embedded default for `npm start` without Stripe keys (decision 041):
 * sessions are paid on the built-in 'Test mode' page; no card exists, so
 * saved-card charges always succeed. Sessions and charges are rows
 * (`test_checkout_*`), as Stripe keeps them on its side, so a checkout page
 * opened before a restart can still be paid after it, and a retried daily
 * charge is the same charge.
 */
export function createTestModeGateway(db: Db, pageUrl: (sessionId: string) => string): TestModeGateway {
  const newId = (prefix: string) => `${prefix}_test_local_${randomBytes(12).toString('hex')}`;
  async function session(id: string): Promise<TestSession | undefined> {
    const row = await db.selectFrom('test_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      adId: row.ad_id,
      userId: row.user_id,
      amountCents: row.amount_cents,
      successUrl: row.success_url,
      cancelUrl: row.cancel_url,
      saveCardForLater: row.save_card === 1,
      isPaid: row.is_paid === 1,
    };
  }
  return {
    mode: 'test',
    async createCheckoutSession(request) {
      const id = newId('cs');
      await db
        .insertInto('test_checkout_sessions')
        .values({
          id,
          ad_id: request.adId,
          user_id: request.userId,
          amount_cents: request.amountCents,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          save_card: request.saveCardForLater ? 1 : 0,
          created_at: new Date().toISOString(),
        })
        .execute();
      return { id, url: pageUrl(id) };
    },
    async retrieveCheckoutSession(id): Promise<CheckoutSessionInfo | null> {
      const found = await session(id);
      if (!found) return null;
      const hasCard = found.isPaid && found.saveCardForLater;
      return {
        id,
        isPaid: found.isPaid,
        amountTotal: found.amountCents,
        currency: 'usd',
        // Nothing due (Available Funds paid day 1): the card is only saved, no payment is made.
        paymentIntentId: found.isPaid && found.amountCents > 0 ? `pi_${id}` : null,
        customerId: hasCard ? `cus_test_local_${found.userId}` : null,
        paymentMethodId: hasCard ? 'pm_test_local_card' : null,
      };
    },
    async expireCheckoutSession(id) {
      // An expired test session is gone: its page is then 'not found', and it can never be paid.
      const removed = await db
        .deleteFrom('test_checkout_sessions')
        .where('id', '=', id)
        .where('is_paid', '=', 0)
        .executeTakeFirst();
      if (removed.numDeletedRows > 0n) return 'expired';
      return (await session(id)) ? 'paid' : 'missing';
    },
    async chargeSavedCard(request) {
      // Insert-or-keep: the first charge under a key names the payment; a retry reads it back.
      await db
        .insertInto('test_checkout_charges')
        .values({
          idempotency_key: request.idempotencyKey,
          payment_intent_id: newId('pi'),
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
      const charge = await db
        .selectFrom('test_checkout_charges')
        .select('payment_intent_id')
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { ok: true, paymentIntentId: charge.payment_intent_id };
    },
    verifyWebhook() {
      throw new Error('Test mode receives no webhooks.');
    },
    session,
    async pay(id) {
      const result = await db.updateTable('test_checkout_sessions').set({ is_paid: 1 }).where('id', '=', id).execute();
      return (result[0]?.numUpdatedRows ?? 0n) > 0n;
    },
  };
}
