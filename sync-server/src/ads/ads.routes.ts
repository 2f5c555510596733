import type {
  AdAnalyticsResponse,
  AdListResponse,
  AdResponse,
  CreateAdResponse,
  FeedAdsResponse,
  FundsResponse,
} from '@campus/shared/ad-api';
import { createAdRequestSchema, renameAdRequestSchema } from '@campus/shared/ad-requests';
import { AD_MESSAGES, AD_UNPAID_STATUSES } from '@campus/shared/ad-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { siteOrigin } from '../auth/site-origin.ts';
import { requireMember } from '../campus/member-gate.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { cancelCheckoutAd, confirmCheckout, createAdCheckout } from './ad-checkout.ts';
import { toAdDto } from './ad-dto.ts';
import { availableFunds } from './ad-ledger.ts';
import { pauseAd, resumeAd, stopAd } from './ad-lifecycle.ts';
import { findAdBySession, listOwnAds, requireOwnAd, updateAd } from './ads.repository.ts';
import { findFeedAds } from './feed-ads.ts';
import { postAnalytics, viewsPerDay } from './post-analytics.ts';

/**
 * Boosts (spec 3 §2, §4, §7; decisions 040, 041), mounted at /api/ads. Every
 * route is the owner's on this campus: another student's ad, or one of
 * another campus, is 'Ad not found'.
 */
export function adRoutes(context: AppContext) {
  const { db, payments, logger } = context;
  return (
    new Hono<AppEnv>()
      .get('/', async (c) => {
        const viewer = requireMember(c, 'other');
        // ?postId= narrows to one post's ads (the post page's owner buttons and 'Ad Paused' label).
        const postId = c.req.query('postId');
        const ads = (await listOwnAds(db, c.get('campus').id, viewer.id)).filter(
          (ad) => !postId || ad.post_id === postId,
        );
        const body: AdListResponse = { ads: ads.map(toAdDto) };
        return c.json(body);
      })
      // spec 3 §1: the campus's running ads with their posts, for everyone who sees the feed.
      .get('/feed', async (c) => {
        const viewerId = c.get('viewer')?.id ?? null;
        c.header('Cache-Control', 'private, no-cache');
        const body: FeedAdsResponse = { ads: await findFeedAds(db, c.get('campus').id, viewerId, context.now()) };
        return c.json(body);
      })
      .get('/funds', async (c) => {
        const viewer = requireMember(c, 'other');
        const body: FundsResponse = { availableFunds: await availableFunds(db, viewer.id) };
        return c.json(body);
      })
      .post('/', async (c) => {
        const viewer = requireMember(c, 'other');
        // No payment provider (decision 041): no boost at all, not even one paid from Available Funds.
        if (payments.mode === 'off') throw new AppError('unavailable', AD_MESSAGES.boostsUnavailable);
        const request = await readJson(c, createAdRequestSchema);
        const { ad, checkoutUrl } = await createAdCheckout(
          db,
          payments,
          { userId: viewer.id, campusId: c.get('campus').id },
          request,
          siteOrigin(c, context.config),
          context.now(),
          logger,
        );
        const body: CreateAdResponse = { ad: toAdDto(ad), checkoutUrl, msg: AD_MESSAGES.processing };
        return c.json(body, 201);
      })
      // spec 3 §2 Success page: active only if the processor says the session is paid.
      .post('/checkout/:sessionId/confirm', async (c) => {
        const viewer = requireMember(c, 'other');
        const sessionId = c.req.param('sessionId');
        const own = await findAdBySession(db, sessionId);
        if (!own || own.user_id !== viewer.id || own.campus_id !== c.get('campus').id || own.deleted_at !== null) {
          throw new AppError('not_found', AD_MESSAGES.notFound);
        }
        const ad = (await confirmCheckout(db, payments, sessionId, context.now(), logger)) ?? own;
        const body: AdResponse = { ad: toAdDto(ad) };
        return c.json(body);
      })
      // spec 3 §2 Cancel page: the checkout ad of the session goes, only while still in checkout.
      .delete('/checkout/:sessionId', async (c) => {
        const viewer = requireMember(c, 'other');
        const sessionId = c.req.param('sessionId');
        const own = await findAdBySession(db, sessionId);
        if (!own || own.user_id !== viewer.id || own.campus_id !== c.get('campus').id || own.deleted_at !== null) {
          throw new AppError('not_found', AD_MESSAGES.notFound);
        }
        // Paid after all (the browser came back late): it is applied, never deleted.
        const ad = (await confirmCheckout(db, payments, sessionId, context.now(), logger)) ?? own;
        if (ad.status !== 'checkout') throw new AppError('conflict', AD_MESSAGES.notCheckout);
        await cancelCheckoutAd(db, ad.id, context.now());
        return c.body(null, 204);
      })
      .get('/:id', async (c) => {
        const viewer = requireMember(c, 'other');
        const ad = await requireOwnAd(db, c.get('campus').id, viewer.id, c.req.param('id'));
        const body: AdResponse = { ad: toAdDto(ad) };
        return c.json(body);
      })
      // spec 3 §2 Ad analytics: null while checkout, scheduled or in review (the web shows "--").
      .get('/:id/analytics', async (c) => {
        const viewer = requireMember(c, 'other');
        const ad = await requireOwnAd(db, c.get('campus').id, viewer.id, c.req.param('id'));
        const isUnpaid = AD_UNPAID_STATUSES.includes(ad.status);
        const body: AdAnalyticsResponse = isUnpaid
          ? { analytics: null, viewsPerDay: [] }
          : {
              analytics: await postAnalytics(db, ad.post_id),
              viewsPerDay: await viewsPerDay(db, ad, context.now()),
            };
        c.header('Cache-Control', 'private, no-store');
        return c.json(body);
      })
      .patch('/:id', async (c) => {
        const viewer = requireMember(c, 'other');
        const { title } = await readJson(c, renameAdRequestSchema);
        const ad = await requireOwnAd(db, c.get('campus').id, viewer.id, c.req.param('id'));
        const body: AdResponse = {
          ad: toAdDto(await updateAd(db, ad.id, { title }, context.now())),
          msg: AD_MESSAGES.saved,
        };
        return c.json(body);
      })
      .post('/:id/pause', async (c) => {
        const viewer = requireMember(c, 'other');
        const ad = await requireOwnAd(db, c.get('campus').id, viewer.id, c.req.param('id'));
        const body: AdResponse = { ad: toAdDto(await pauseAd(db, ad.id, context.now())), msg: AD_MESSAGES.paused };
        return c.json(body);
      })
      .post('/:id/resume', async (c) => {
        const viewer = requireMember(c, 'other');
        const ad = await requireOwnAd(db, c.get('campus').id, viewer.id, c.req.param('id'));
        const body: AdResponse = { ad: toAdDto(await resumeAd(db, ad.id, context.now())), msg: AD_MESSAGES.resumed };
        return c.json(body);
      })
      .post('/:id/stop', async (c) => {
        const viewer = requireMember(c, 'other');
        const ad = await requireOwnAd(db, c.get('campus').id, viewer.id, c.req.param('id'));
        const body: AdResponse = { ad: toAdDto(await stopAd(db, ad.id, context.now())), msg: AD_MESSAGES.stopped };
        return c.json(body);
      })
      // Deleting a running ad stops it first, so its unspent days go back to Available Funds.
      .delete('/:id', async (c) => {
        const viewer = requireMember(c, 'other');
        const ad = await requireOwnAd(db, c.get('campus').id, viewer.id, c.req.param('id'));
        const now = context.now();
        if (ad.status === 'checkout') await cancelCheckoutAd(db, ad.id, now);
        else {
          if (ad.status !== 'stopped') await stopAd(db, ad.id, now);
          await updateAd(db, ad.id, { deleted_at: new Date(now).toISOString() }, now);
        }
        return c.body(null, 204);
      })
  );
}
