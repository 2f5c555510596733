import { readFileSync } from 'node:fs';
import { GENERIC_MESSAGES } from '@campus/shared/errors';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppEnv } from '../../http/env.ts';
import { loadViewer, sameOriginWrites } from '../../sessions/viewer.middleware.ts';
import { confirmCheckout } from '../ad-checkout.ts';
import { checkoutDuration } from '../checkout-wording.ts';
import { TEST_CHECKOUT_CSS_PATH, testCheckoutPage } from './test-checkout-page.ts';
import type { TestModeGateway } from './test-mode-gateway.ts';

/**
 * The test-mode checkout page (decision 041), only in test mode (never in production unless
 * PAYMENTS=test asks for it). Unlike Stripe's hosted page, whose address is the capability, it
 * answers only the session of the ad's owner, and its buttons only a form of this site (a pay
 * from anywhere else would boost a post for free): anyone else gets 'not found'. Pay marks the
 * session paid and goes through `confirmCheckout`, as the webhook does, then on to the success
 * URL; Cancel goes to the cancel URL and changes nothing.
 */
export function testCheckoutRoutes(context: AppContext, gateway: TestModeGateway) {
  const css = readFileSync(new URL('./test-checkout.css', import.meta.url), 'utf8');
  async function sessionOf(c: Context<AppEnv>) {
    const session = await gateway.session(c.req.param('sessionId') ?? '');
    if (!session || session.userId !== c.get('viewer')?.id) throw new AppError('not_found', GENERIC_MESSAGES.notFound);
    return session;
  }
  const sameSite = sameOriginWrites();
  const viewer = loadViewer(context.db);
  const back = (url: string, id: string) => url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id));
  return new Hono<AppEnv>()
    .get(TEST_CHECKOUT_CSS_PATH, (c) => {
      c.header('Content-Type', 'text/css; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(css);
    })
    .get('/checkout/test/:sessionId', viewer, async (c) => {
      const session = await sessionOf(c);
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      const ad = await context.db
        .selectFrom('ads')
        .select(['title', 'duration_minutes', 'run_until_pause', 'amount_budgeted', 'funds_applied'])
        .where('id', '=', session.adId)
        .executeTakeFirst();
      const bought = ad && {
        title: ad.title,
        duration: checkoutDuration(ad),
        budgetCents: ad.amount_budgeted,
        fundsAppliedCents: ad.funds_applied,
      };
      return c.html(testCheckoutPage(`${c.get('campus').shortName} Buy / Sell`, session, bought));
    })
    .post('/checkout/test/:sessionId/pay', sameSite, viewer, async (c) => {
      const session = await sessionOf(c);
      await gateway.pay(session.id);
      await confirmCheckout(context.db, gateway, session.id, context.now(), context.logger);
      return c.redirect(back(session.successUrl, session.id), 303);
    })
    .post('/checkout/test/:sessionId/cancel', sameSite, viewer, async (c) => {
      const session = await sessionOf(c);
      return c.redirect(back(session.cancelUrl, session.id), 303);
    });
}
