import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { AppError } from '../../http/app-error.ts';
import type { PaymentGateway } from './payment-gateway.ts';

/**
 * No payment provider (PAYMENTS=off, or production without Stripe keys: decision 041). Boosts are
 * off: a new checkout is refused before anything is written, no session is ever paid, and a daily
 * charge of an ad left from an earlier setup fails, which stops the ad as a declined card does.
 */
export function createNoPaymentGateway(): PaymentGateway {
  return {
    mode: 'off',
    createCheckoutSession() {
      return Promise.reject(new AppError('unavailable', AD_MESSAGES.boostsUnavailable));
    },
    retrieveCheckoutSession() {
      return Promise.resolve(null);
    },
    expireCheckoutSession() {
      return Promise.resolve('missing' as const);
    },
    chargeSavedCard() {
      return Promise.resolve({ ok: false, reason: 'this server has no payment provider' });
    },
    verifyWebhook() {
      throw new Error('this server has no payment provider: no webhook is expected');
    },
  };
}
