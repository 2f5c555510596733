import { trackAnalyticsRequestSchema } from '@campus/shared/ad-requests';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { notBlockedWith } from '../blocks/block-filter.ts';
import { AppError } from '../http/app-error.ts';
import { clientKey } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { recordPostAction } from './post-analytics.ts';

/**
 * POST /api/posts/:id/analytics (spec 3 §7 trackPostAnalytics), mounted at
 * /api/posts: anyone who can open the post, visitors by their address (the
 * server knows it: no third-party IP lookup). The owner's own actions are
 * not counted. Answers 204 whether counted or a repeat.
 */
export function postAnalyticsRoutes(context: AppContext) {
  const { db } = context;
  return new Hono<AppEnv>().post('/:id/analytics', async (c) => {
    const { actionType, pageViewId } = await readJson(c, trackAnalyticsRequestSchema);
    const viewer = c.get('viewer');
    let query = db
      .selectFrom('posts')
      .select(['id', 'user_id'])
      .where('id', '=', c.req.param('id'))
      .where('campus_id', '=', c.get('campus').id);
    // A post hidden by a block is not there for the viewer (as GET /api/posts/:id).
    if (viewer) query = query.where(notBlockedWith(viewer.id, 'posts.user_id'));
    const post = await query.executeTakeFirst();
    if (!post) throw new AppError('not_found', AD_MESSAGES.postMissing);
    if (viewer?.id === post.user_id) return c.body(null, 204);
    const viewerKey = viewer ? viewer.id : `ip:${clientKey(c, context)}`;
    await recordPostAction(db, { postId: post.id, action: actionType, viewerKey, pageViewId, at: context.now() });
    return c.body(null, 204);
  });
}
