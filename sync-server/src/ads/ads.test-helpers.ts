import type { AdDto, CreateAdResponse } from '@campus/shared/ad-api';
import type { CreateAdRequest } from '@campus/shared/ad-requests';
import { expect, onTestFinished } from 'vitest';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from '../../../tests/support/stripe-service/stripe-service.ts';
import type { Config } from '../config.ts';
import { createLogger } from '../http/logger.ts';
import { createPost, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { reservedCents } from './ad-arithmetic.ts';
import { runAdLifecycle } from './ad-lifecycle-job.ts';
import { createPaymentGateway } from './payments/payment-setup.ts';

export const WEBHOOK_PATH = '/api/payments/stripe/webhook';
export const STAND_IN_WEBHOOK_SECRET_FOR_TESTS = STAND_IN_WEBHOOK_SECRET;
export const START = Date.parse('2026-12-01T09:00:00.000Z');
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A clock the test moves by hand. */
function controlledClock(start = START) {
  let now = start;
  return {
    now: () => now,
    set(at: number) {
      now = at;
    },
    advance(ms: number) {
      now += ms;
      return now;
    },
  };
}

export interface BoostWorld {
  app: TestApp;
  clock: ReturnType<typeof controlledClock>;
  owner: { id: string; session: string };
  postId: string;
  /** One pass of the lifecycle job at the clock's time, with a gateway like the app's. */
  runJob(): Promise<void>;
}

async function world(app: TestApp, clock: ReturnType<typeof controlledClock>): Promise<BoostWorld> {
  const owner = await createUser(app.db, { first_name: 'Owner', profile_set_up: 1 });
  const post = await createPost(app.db, { user_id: owner.id, text_plain: 'Road bike, barely used' });
  const payments = createPaymentGateway(app.config, app.db);
  return {
    app,
    clock,
    owner: { id: owner.id, session: await app.signInAs(owner.id) },
    postId: post.id,
    runJob: () => runAdLifecycle({ db: app.db, payments, logger: createLogger('silent') }, clock.now()),
  };
}

/** The app with Stripe pointed at the stand-in (decision 041) and a controlled clock. */
export async function stripeWorld(overrides: Partial<Config> = {}): Promise<BoostWorld & { stripe: StripeStandIn }> {
  const stripe = await startStripeStandIn();
  onTestFinished(() => stripe.close());
  const clock = controlledClock();
  const app = await createTestApp(
    {
      stripeSecretKey: STAND_IN_SECRET_KEY,
      stripeWebhookSecret: STAND_IN_WEBHOOK_SECRET,
      stripeApiBaseUrl: stripe.origin,
      ...overrides,
    },
    clock.now,
  );
  return { ...(await world(app, clock)), stripe };
}

/** The app as `npm start` runs it without Stripe keys: the built-in test-mode checkout. */
export async function testModeWorld(overrides: Partial<Config> = {}): Promise<BoostWorld> {
  const clock = controlledClock();
  return world(await createTestApp(overrides, clock.now), clock);
}

const WEBSITE_BOOST = { goal: 'website', url: 'https://www.example.com', label: 'Shop Now', days: 3 } as const;

export async function createBoost(
  w: BoostWorld,
  body: Partial<CreateAdRequest> = {},
  session = w.owner.session,
): Promise<CreateAdResponse> {
  const response = await w.app.request('/api/ads', {
    session,
    json: { postId: w.postId, ...WEBSITE_BOOST, ...body },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreateAdResponse;
}

export async function adOf(w: BoostWorld, adId: string): Promise<AdDto> {
  const response = await w.app.request(`/api/ads/${adId}`, { session: w.owner.session });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ad: AdDto }).ad;
}

export async function postWebhook(w: BoostWorld & { stripe: StripeStandIn }, sessionId: string, eventId?: string) {
  const { body, headers } = w.stripe.completedEvent(sessionId, { eventId });
  return w.app.request(WEBHOOK_PATH, { method: 'POST', body, headers });
}

export async function adAction(w: BoostWorld, adId: string, action: 'pause' | 'resume' | 'stop') {
  return w.app.request(`/api/ads/${adId}/${action}`, { method: 'POST', session: w.owner.session });
}

/**
 * The money of one student (decision 040): what Stripe charged, what their
 * ads spent, what is prepaid and not yet run, and Available Funds, from the
 * ledger and from the users row.
 */
async function moneyOf(w: BoostWorld, userId: string) {
  const charges = await w.app.db.selectFrom('ad_charges').selectAll().where('user_id', '=', userId).execute();
  const ads = await w.app.db.selectFrom('ads').selectAll().where('user_id', '=', userId).execute();
  const user = await w.app.db
    .selectFrom('users')
    .select('available_funds')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sum = (kind: string) => charges.filter((c) => c.kind === kind).reduce((total, c) => total + c.amount, 0);
  return {
    charged: sum('stripe_payment'),
    spent: ads.reduce((total, ad) => total + ad.total_spent, 0),
    reserved: ads.reduce((total, ad) => total + reservedCents(ad), 0),
    funds: user.available_funds,
    fundsByLedger: sum('funds_credited') + sum('funds_returned') - sum('funds_drawn'),
  };
}

/** The invariant, to the cent: charged = spent + reserved + funds, and the ledger agrees with the users row. */
export async function expectMoneyAddsUp(w: BoostWorld, userId: string) {
  const money = await moneyOf(w, userId);
  expect(money.charged).toBe(money.spent + money.reserved + money.funds);
  expect(money.fundsByLedger).toBe(money.funds);
  expect(money.funds).toBeGreaterThanOrEqual(0);
  return money;
}
