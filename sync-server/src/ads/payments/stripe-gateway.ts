import Stripe from 'stripe';
import type { CheckoutSessionInfo, PaymentGateway } from './payment-gateway.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests: the stand-in Stripe API, e.g. http://127.0.0.1:4242 (decision 041). */
  apiBaseUrl?: string;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Done at Stripe: paid, or, for a setup-mode session (a card saved, nothing due), complete.
 * Only such a session activates an ad.
 */
function isDone(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === 'paid' || (session.mode === 'setup' && session.status === 'complete');
}

/** The processor itself, through the stripe SDK (decision 041). */
export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    mode: 'stripe',
    async createCheckoutSession(request) {
      const common = {
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.adId,
        expires_at: Math.floor(request.expiresAt / 1000),
        metadata: { adId: request.adId, userId: request.userId },
      };
      const options = { idempotencyKey: `checkout:${request.adId}` };
      if (request.amountCents === 0) {
        // Day 1 paid from Available Funds: the card is only saved for the next days (setup mode), on
        // a customer of its own, since setup mode creates none.
        if (!request.saveCardForLater) throw new Error('A checkout with nothing to pay must save a card');
        const customer = await stripe.customers.create(
          { metadata: { userId: request.userId } },
          { idempotencyKey: `customer:${request.adId}` },
        );
        const session = await stripe.checkout.sessions.create(
          {
            ...common,
            mode: 'setup',
            currency: 'usd',
            customer: customer.id,
            setup_intent_data: { description: request.description, metadata: common.metadata },
            custom_text: { submit: { message: request.description } },
          },
          options,
        );
        if (!session.url) throw new Error('Stripe answered a checkout session without a url');
        return { id: session.id, url: session.url };
      }
      // spec 3 §7: one line item 'Boost Post', usd, unit amount in cents, mode payment.
      const session = await stripe.checkout.sessions.create(
        {
          ...common,
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: 'Boost Post', description: request.description },
              },
            },
          ],
          ...(request.saveCardForLater
            ? { customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } }
            : {}),
        },
        options,
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id): Promise<CheckoutSessionInfo | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent', 'setup_intent'] });
        const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
        const setup = typeof session.setup_intent === 'object' ? session.setup_intent : null;
        return {
          id: session.id,
          isPaid: isDone(session),
          amountTotal: session.amount_total ?? 0,
          currency: session.currency ?? '',
          paymentIntentId: idOf(session.payment_intent),
          customerId: idOf(session.customer),
          paymentMethodId: idOf(intent?.payment_method ?? setup?.payment_method),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async expireCheckoutSession(id) {
      try {
        const session = await stripe.checkout.sessions.expire(id);
        return isDone(session) ? 'paid' : 'expired';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if (error.statusCode === 404) return 'missing';
        // Only an open session can be expired: this one was completed, or had expired already.
        const session = await stripe.checkout.sessions.retrieve(id);
        return isDone(session) ? 'paid' : 'expired';
      }
    },
    async chargeSavedCard(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: 'Boost Post',
            metadata: { adId: request.adId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { ok: true, paymentIntentId: intent.id };
        return { ok: false, reason: intent.status };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { ok: false, reason: error.code ?? 'card_error' };
        throw error;
      }
    },
    verifyWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string; id?: string };
      return {
        id: event.id,
        type: event.type,
        sessionId: object.object === 'checkout.session' ? (object.id ?? null) : null,
      };
    },
  };
}
