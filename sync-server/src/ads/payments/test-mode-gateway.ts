import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, CheckoutSessionInfo, PaymentGateway } from './payment-gateway.ts';

interface TestSession extends CheckoutRequest {
  id: string;
  isPaid: boolean;
}

export interface TestModeGateway extends PaymentGateway {
  /** The test checkout page: the session as it waits for Pay or Cancel. */
  session(id: string): TestSession | undefined;
  /** The test page's Pay button: the session is paid, as Stripe would mark it. */
  pay(id: string): boolean;
}

/**
 * The embedded default for `npm start` without Stripe keys (decision 041):
 * sessions live in this process and are paid on the built-in 'Test mode'
 * page; no card exists, so saved-card charges always succeed. A restart
 * forgets unpaid sessions (their ads stay in checkout, as abandoned ones do).
 */
export function createTestModeGateway(pageUrl: (sessionId: string) => string): TestModeGateway {
  const sessions = new Map<string, TestSession>();
  const charges = new Map<string, string>();
  const newId = (prefix: string) => `${prefix}_test_local_${randomBytes(12).toString('hex')}`;
  return {
    mode: 'test',
    async createCheckoutSession(request) {
      const id = newId('cs');
      sessions.set(id, { ...request, id, isPaid: false });
      return { id, url: pageUrl(id) };
    },
    async retrieveCheckoutSession(id): Promise<CheckoutSessionInfo | null> {
      const session = sessions.get(id);
      if (!session) return null;
      return {
        id,
        isPaid: session.isPaid,
        amountTotal: session.amountCents,
        currency: 'usd',
        paymentIntentId: session.isPaid ? `pi_${id}` : null,
        customerId: session.isPaid && session.saveCardForLater ? `cus_test_local_${session.userId}` : null,
        paymentMethodId: session.isPaid && session.saveCardForLater ? 'pm_test_local_card' : null,
      };
    },
    async chargeSavedCard(request) {
      let id = charges.get(request.idempotencyKey);
      if (!id) {
        id = newId('pi');
        charges.set(request.idempotencyKey, id);
      }
      return { ok: true, paymentIntentId: id };
    },
    verifyWebhook() {
      throw new Error('Test mode receives no webhooks.');
    },
    session: (id) => sessions.get(id),
    pay(id) {
      const session = sessions.get(id);
      if (!session) return false;
      session.isPaid = true;
      return true;
    },
  };
}
