import { type Config, SettingError } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createNoPaymentGateway } from './no-payment-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { testCheckoutPath } from './test-checkout-page.ts';
import { createTestModeGateway, type TestModeGateway } from './test-mode-gateway.ts';

/** The gateway of `config.paymentMode` (decision 041): Stripe, the built-in test mode, or none. */
export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  if (config.paymentMode === 'off') return createNoPaymentGateway();
  if (!config.stripeSecretKey) return createTestModeGateway(db, testCheckoutPath);
  if (!config.stripeWebhookSecret) throw new SettingError('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY');
  return createStripeGateway({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    apiBaseUrl: config.stripeApiBaseUrl,
  });
}

export function isTestModeGateway(gateway: PaymentGateway): gateway is TestModeGateway {
  return gateway.mode === 'test' && 'pay' in gateway;
}
