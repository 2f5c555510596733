/**
 * Outbox mutations shaped as web/src/local/use-outbox-actions.ts queues them
 * (that hook needs React; the entries are what matter to the outbox).
 */
import { uuidv7 } from '@campus/shared/ids';
import type { CreateCommentRequest, CreatePostRequest } from '@campus/shared/post-requests';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { NewMutation } from '../../web/src/local/outbox.ts';

export function postCreate(userId: string, text: string, extra: Pick<CreatePostRequest, 'price' | 'category'> = {}) {
  const id = uuidv7();
  const body: CreatePostRequest = { clientId: id, text: plainTextToRichText(text), uploadIds: [], ...extra };
  return {
    id,
    userId,
    kind: 'post.create',
    postId: id,
    rootId: null,
    method: 'POST',
    path: '/api/posts',
    body,
  } satisfies NewMutation;
}

export function commentCreate(userId: string, rootId: string, text: string) {
  const id = uuidv7();
  const body: CreateCommentRequest = { clientId: id, text: plainTextToRichText(text) };
  return {
    id,
    userId,
    kind: 'comment.create',
    postId: id,
    rootId,
    method: 'POST',
    path: `/api/posts/${encodeURIComponent(rootId)}/comments`,
    body,
  } satisfies NewMutation;
}

export function saveSet(userId: string, postId: string, isSaved: boolean) {
  return {
    id: uuidv7(),
    userId,
    kind: 'save.set',
    postId,
    rootId: null,
    method: isSaved ? 'PUT' : 'DELETE',
    path: `/api/posts/${encodeURIComponent(postId)}/save`,
    body: undefined,
  } satisfies NewMutation;
}
