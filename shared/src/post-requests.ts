/**
 * The request bodies of the post and comment endpoints (spec 2 §4, §5): one
 * zod schema each, read by the server's handler (`readJson`) and typed by the
 * web's outbox writes through the inferred types. Their answers are typed in
 * post-api.ts, which stays free of zod for /home (decision 031).
 */
import { FEED_FIRST_PAGE_SIZE } from './post-api.ts';
import { POST_CATEGORIES, POST_LIMITS, POST_MESSAGES } from './post-rules.ts';
import { priceSchema } from './price.ts';
import { richTextDocumentSchema } from './rich-text-schema.ts';
import { z } from './zod.ts';

const categorySchema = z.enum(POST_CATEGORIES, { error: POST_MESSAGES.submitFailed }).nullable();

/**
 * POST /api/posts. `clientId` (a UUID) makes a retried create answer the first
 * post; `uploadIds` are the caller's uploads in display order, the first the cover.
 */
export const createPostRequestSchema = z.object({
  clientId: z.uuid(POST_MESSAGES.submitFailed).optional(),
  text: richTextDocumentSchema.optional(),
  price: priceSchema.optional(),
  category: categorySchema.optional(),
  uploadIds: z
    .array(z.string().max(100))
    .max(POST_LIMITS.filesMax, POST_MESSAGES.tooManyFiles)
    .refine((ids) => new Set(ids).size === ids.length, POST_MESSAGES.submitFailed)
    .optional(),
});
export type CreatePostRequest = z.infer<typeof createPostRequestSchema>;

/** PATCH /api/posts/:id: only what is sent changes. */
export const updatePostRequestSchema = z.object({
  text: richTextDocumentSchema.optional(),
  price: priceSchema.optional(),
  category: categorySchema.optional(),
  isSold: z.boolean().optional(),
});
export type UpdatePostRequest = z.infer<typeof updatePostRequestSchema>;

/**
 * POST /api/posts/:id/comments; `parentId` names a comment of the same post
 * for a reply. Text missing or empty is 'Write a comment first.' (the handler).
 */
export const createCommentRequestSchema = z.object({
  clientId: z.uuid(POST_MESSAGES.submitFailed).optional(),
  text: richTextDocumentSchema.optional(),
  parentId: z.string().max(100).optional(),
});
export type CreateCommentRequest = z.infer<typeof createCommentRequestSchema>;

/** GET /api/posts/feed?limit=&cursor=: the query, as strings; the first page by default (spec 2 §4). */
export const feedQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_FIRST_PAGE_SIZE).default(FEED_FIRST_PAGE_SIZE),
});
