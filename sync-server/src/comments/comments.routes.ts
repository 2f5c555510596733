import type { CommentResponse } from '@campus/shared/post-api';
import { createCommentRequestSchema } from '@campus/shared/post-requests';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireMember } from '../campus/member-gate.ts';
import { afterResponse } from '../http/after-response.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { requirePostCard } from '../posts/post-lookup.ts';
import { readPostText } from '../posts/post-text.ts';
import { toCommentDto } from '../posts/posts.mapper.ts';
import { createComment } from './comments.service.ts';

/** Comments and replies (spec 2 §2 Post page; §4 transitions). Mounted at /api/posts. */
export function commentRoutes(context: AppContext) {
  const { db } = context;
  return new Hono<AppEnv>().post('/:id/comments', async (c) => {
    const viewer = requireMember(c, 'comment');
    const body = await readJson(c, createCommentRequestSchema);
    const text = readPostText(body.text);
    if (!text) throw new AppError('validation_failed', [{ msg: POST_MESSAGES.emptyComment, field: 'text' }]);
    const campusId = c.get('campus').id;
    // Comments hang under a top-level post; a reply names its comment in parentId.
    const post = await requirePostCard(db, campusId, c.req.param('id'), viewer.id);
    if (post.parent_id !== null) throw new AppError('not_found', POST_MESSAGES.postMissing);
    const { id, isExisting } = await createComment(db, viewer.id, campusId, {
      clientId: body.clientId,
      text,
      postId: post.id,
      parentId: body.parentId,
    });
    // Committed: the comment's fan-out job runs once this answer has left (decision 032).
    afterResponse(c, () => context.notificationJobs.poke());
    const response: CommentResponse = { comment: toCommentDto(await requirePostCard(db, campusId, id, viewer.id), []) };
    return c.json(response, isExisting ? 200 : 201);
  });
}
