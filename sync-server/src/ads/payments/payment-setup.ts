import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { testCheckoutPath } from './test-checkout-page.ts';
import { createTestModeGateway, type TestModeGateway } from './test-mode-gateway.ts';

/** Stripe when STRIPE_SECRET_KEY is set (its webhook secret too), else the built-in test mode (decision 041). */
export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  if (!config.stripeSecretKey) return createTestModeGateway(db, testCheckoutPath);
  if (!config.stripeWebhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY');
  return createStripeGateway({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    apiBaseUrl: config.stripeApiBaseUrl,
  });
}

export function isTestModeGateway(gateway: PaymentGateway): gateway is TestModeGateway {
  return gateway.mode === 'test' && 'pay' in gateway;
}
