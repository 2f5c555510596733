import type { MeDto } from '@campus/shared/account-api';
import type { CommentDto, MediaDto, PostDto } from '@campus/shared/post-api';
import type { CreateCommentRequest, CreatePostRequest, UpdatePostRequest } from '@campus/shared/post-requests';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { LocalFile, MutationState, OutboxEntry } from './local-db.ts';

/** Shown on anything the server has not confirmed yet ('Waiting for connection…', 'Sending…', or its error). */
export interface PendingMark {
  mutationId: string;
  state: MutationState;
  errors: string[];
}

export type LocalPost = PostDto & { pending?: PendingMark };
export type LocalComment = CommentDto & { pending?: PendingMark; replies: LocalComment[] };

function markOf(entry: OutboxEntry): PendingMark {
  return { mutationId: entry.id, state: entry.state, errors: entry.errors };
}

const objectUrls = new Map<string, string>();

/** One object URL per stored file, for as long as the page lives (a pending post shows its own photos). */
function urlOf(file: LocalFile): string {
  let url = objectUrls.get(file.id);
  if (!url) {
    url = URL.createObjectURL(file.blob);
    objectUrls.set(file.id, url);
  }
  return url;
}

function localMedia(file: LocalFile): MediaDto {
  const kind = file.type.startsWith('video/') ? 'video' : 'image';
  const url = urlOf(file);
  return { id: file.id, kind, url, thumbUrl: url, width: 0, height: 0, placeholder: null };
}

function authorOf(me: MeDto) {
  return {
    id: me.id,
    username: me.username,
    firstName: me.firstName,
    lastName: me.lastName,
    img: me.img,
    isVerified: me.isVerified,
    isSchoolVerified: me.isSchoolVerified,
  };
}

/** A post the student made that the server has not confirmed, as its card shows it. */
export function pendingPost(entry: OutboxEntry, me: MeDto): LocalPost {
  const body = entry.body as CreatePostRequest;
  return {
    id: entry.postId,
    type: 'post',
    text: body.text ?? plainTextToRichText(''),
    category: body.category ?? null,
    price: body.price ?? null,
    campusId: me.campusId,
    author: authorOf(me),
    media: [...(entry.media ?? []), ...entry.files.map(localMedia)],
    commentCount: 0,
    saveCount: 0,
    isSold: false,
    createdAt: entry.createdAt,
    lastModified: entry.createdAt,
    parentId: null,
    editedAt: null,
    isSaved: false,
    pending: markOf(entry),
  };
}

export function pendingComment(entry: OutboxEntry, me: MeDto): LocalComment {
  const body = entry.body as CreateCommentRequest;
  return {
    id: entry.postId,
    parentId: body.parentId ?? entry.rootId ?? '',
    text: body.text ?? plainTextToRichText(''),
    author: authorOf(me),
    commentCount: 0,
    saveCount: 0,
    createdAt: entry.createdAt,
    lastModified: entry.createdAt,
    editedAt: null,
    replies: [],
    pending: markOf(entry),
  };
}

/**
 * What the student sees of a post while their own changes to it wait in the
 * outbox: the last save wins, edits apply, a pending delete hides it.
 * Answers null for a post being deleted.
 */
export function withPendingChanges(post: LocalPost, entries: OutboxEntry[]): LocalPost | null {
  let shown: LocalPost = post;
  for (const entry of entries) {
    if (entry.postId !== post.id) continue;
    if (entry.kind === 'post.delete' && entry.state !== 'failed') return null;
    if (entry.kind === 'save.set' && entry.state !== 'failed') {
      const isSaved = entry.method === 'PUT';
      const wasSaved = post.isSaved ?? false;
      const saveCount = post.saveCount + (isSaved === wasSaved ? 0 : isSaved ? 1 : -1);
      shown = { ...shown, isSaved, saveCount: Math.max(0, saveCount) };
    }
    if (entry.kind === 'post.update' && entry.state !== 'failed') {
      const patch = entry.body as UpdatePostRequest;
      shown = {
        ...shown,
        ...(patch.text ? { text: patch.text } : {}),
        ...(patch.price !== undefined ? { price: patch.price } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.isSold !== undefined ? { isSold: patch.isSold } : {}),
        pending: markOf(entry),
      };
    }
  }
  return shown;
}

/** A list of posts with the outbox laid over it: pending new posts first (newest on top), then the rest. */
export function overlayOutbox(posts: LocalPost[], entries: OutboxEntry[], me: MeDto | null): LocalPost[] {
  const created =
    me === null
      ? []
      : entries
          .filter((entry) => entry.kind === 'post.create' && entry.userId === me.id)
          .map((entry) => pendingPost(entry, me))
          .reverse();
  const known = new Set(posts.map((post) => post.id));
  const shown: LocalPost[] = created.filter((post) => !known.has(post.id));
  for (const post of posts) {
    const local = withPendingChanges(post, entries);
    if (local) shown.push(local);
  }
  return shown;
}
