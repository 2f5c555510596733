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
      // spec 3 §7: one line item 'Boost Post', usd, unit amount in cents, mode payment.
      const session = await stripe.checkout.sessions.create(
        {
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
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.adId,
          expires_at: Math.floor(request.expiresAt / 1000),
          metadata: { adId: request.adId, userId: request.userId },
          ...(request.saveCardForLater
            ? { customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } }
            : {}),
        },
        { idempotencyKey: `checkout:${request.adId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id): Promise<CheckoutSessionInfo | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
        const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
        return {
          id: session.id,
          isPaid: session.payment_status === 'paid',
          amountTotal: session.amount_total ?? 0,
          currency: session.currency ?? '',
          paymentIntentId: idOf(session.payment_intent),
          customerId: idOf(session.customer),
          paymentMethodId: idOf(intent?.payment_method),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async expireCheckoutSession(id) {
      try {
        const session = await stripe.checkout.sessions.expire(id);
        return session.payment_status === 'paid' ? 'paid' : 'expired';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if (error.statusCode === 404) return 'missing';
        // Only an open session can be expired: this one was completed, or had expired already.
        const session = await stripe.checkout.sessions.retrieve(id);
        return session.payment_status === 'paid' ? 'paid' : 'expired';
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
