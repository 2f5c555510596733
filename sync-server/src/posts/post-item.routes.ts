import path from 'node:path';
import type { MessageDto, PostPageDto, PostResponse } from '@campus/shared/post-api';
import { createPostRequestSchema, updatePostRequestSchema } from '@campus/shared/post-requests';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireMember } from '../campus/member-gate.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { removeMediaFiles } from './media-files.ts';
import { findMediaOf } from './post-card-query.ts';
import { createPost } from './post-create.ts';
import { deletePostTree } from './post-delete.ts';
import { requireOwnPost, requirePostCard } from './post-lookup.ts';
import { EMPTY_TEXT, readPostText } from './post-text.ts';
import { buildThread, findThreadRows } from './post-thread.repository.ts';
import { updatePost } from './post-update.ts';
import { toMediaDto, toPostDto } from './posts.mapper.ts';

/** A post as the viewer sees it, with its media: two queries. */
async function loadPostDto(db: Db, campusId: string, id: string, viewerId: string | null) {
  const row = await requirePostCard(db, campusId, id, viewerId);
  return toPostDto(row, (await findMediaOf(db, [row.id])).map(toMediaDto));
}

/**
 * One post: create, read with its thread, edit, delete (spec 2 §2 Post page,
 * §4, §5). Mounted at /api/posts after postRoutes, whose /feed must match first.
 */
export function postItemRoutes(context: AppContext) {
  const { db, config, logger } = context;
  const mediaDir = path.join(config.dataDir, 'media');

  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const viewer = requireMember(c, 'post');
      const body = await readJson(c, createPostRequestSchema);
      const text = readPostText(body.text);
      const uploadIds = body.uploadIds ?? [];
      // spec 2 §5: "A post needs text or at least one file."
      if (!text && uploadIds.length === 0) throw new AppError('validation_failed', POST_MESSAGES.emptyPost);
      const campusId = c.get('campus').id;
      const { id, isExisting } = await createPost(db, viewer.id, campusId, {
        clientId: body.clientId,
        text: text ?? EMPTY_TEXT,
        price: body.price ?? null,
        category: body.category ?? null,
        uploadIds,
      });
      const response: PostResponse = { post: await loadPostDto(db, campusId, id, viewer.id) };
      return c.json(response, isExisting ? 200 : 201);
    })
    .get('/:id', async (c) => {
      const viewerId = c.get('viewer')?.id ?? null;
      const row = await requirePostCard(db, c.get('campus').id, c.req.param('id'), viewerId);
      const media = await findMediaOf(db, [row.id]);
      // A comment's page shows the replies under it, from its thread's rows.
      const threadRows = await findThreadRows(db, row.root_id ?? row.id, viewerId);
      const body: PostPageDto = {
        post: toPostDto(row, media.map(toMediaDto)),
        thread: buildThread(row.id, threadRows),
        isSaved: row.is_saved === 1,
        isOwner: viewerId === row.author_id,
      };
      c.header('Cache-Control', 'private, no-cache');
      return c.json(body);
    })
    .patch('/:id', async (c) => {
      const viewer = requireMember(c, 'other');
      const body = await readJson(c, updatePostRequestSchema);
      const campusId = c.get('campus').id;
      const post = await requireOwnPost(db, campusId, c.req.param('id'), viewer.id);
      await updatePost(db, post, body);
      const response: PostResponse = { post: await loadPostDto(db, campusId, post.id, viewer.id) };
      return c.json(response);
    })
    .delete('/:id', async (c) => {
      const viewer = requireMember(c, 'other');
      const post = await requireOwnPost(db, c.get('campus').id, c.req.param('id'), viewer.id);
      const files = await deletePostTree(db, post);
      await removeMediaFiles(mediaDir, files, logger);
      const body: MessageDto = {
        msg: post.parent_id === null ? POST_MESSAGES.postDeleted : POST_MESSAGES.commentRemoved,
      };
      return c.json(body);
    });
}
