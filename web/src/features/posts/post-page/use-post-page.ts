import type { PostDto, PostPageDto, SaveStateDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../../app/session/session-context.tsx';
import { refreshPostPage, storePost } from '../../../local/local-cache.ts';
import type { OutboxEntry } from '../../../local/local-db.ts';
import {
  type LocalComment,
  type LocalPost,
  pendingComment,
  pendingPost,
  withPendingChanges,
} from '../../../local/local-posts.ts';
import { useLocalSync } from '../../../local/local-sync-context.tsx';
import { useLiveQuery } from '../../../local/use-live-query.ts';

export type PostPageState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'deleted' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: PostPageDto & { post: LocalPost; thread: LocalComment[] } };

const OFFLINE_MESSAGE = "You're offline. This post will show here once you're back online.";

type Remote = 'loading' | 'ready' | 'missing' | 'deleted' | 'offline' | 'error';

/** Pending comments go under what they answer: the post (end of the thread, oldest first) or a comment. */
function withPendingComments(
  thread: LocalComment[],
  postId: string,
  pending: LocalComment[],
  deleting: Set<string>,
): LocalComment[] {
  if (pending.length === 0 && deleting.size === 0) return thread;
  const copy = (comments: LocalComment[]): LocalComment[] =>
    comments
      .filter((comment) => !deleting.has(comment.id))
      .map((comment) => ({ ...comment, replies: copy(comment.replies) }));
  const tree = copy(thread);
  const byId = new Map<string, LocalComment>();
  const index = (comments: LocalComment[]) => {
    for (const comment of comments) {
      byId.set(comment.id, comment);
      index(comment.replies);
    }
  };
  index(tree);
  for (const comment of pending) {
    if (byId.has(comment.id)) continue; // the server's copy arrived first
    const parent = comment.parentId === postId ? undefined : byId.get(comment.parentId);
    if (parent) parent.replies.push(comment);
    else tree.push(comment);
    byId.set(comment.id, comment);
  }
  return tree;
}

/**
 * /post/{id} from the device first (issue 5): the page as last opened, or the
 * post from the feed while its thread loads, or the student's own pending
 * post; then the server's answer (404 missing, 410 deleted, spec 2 §2). The
 * outbox lays pending comments, saves and edits over it.
 */
export function usePostPage(postId: string) {
  const { db, get } = useLocalSync();
  const { user } = useSession();
  const [remote, setRemote] = useState<Remote>('loading');
  const cached = useLiveQuery(async () => (await db.postPages.get(postId)) ?? null, [db, postId]);
  const fromFeed = useLiveQuery(async () => (await db.feed.get(postId)) ?? null, [db, postId]);
  const outbox = useLiveQuery(
    () => db.outbox.filter((entry) => entry.postId === postId || entry.rootId === postId).toArray(),
    [db, postId],
  );

  const reload = useCallback(async () => {
    try {
      const result = await refreshPostPage(db, get, postId);
      setRemote(result === 'missing' || result === 'deleted' ? result : result ? 'ready' : 'error');
    } catch {
      setRemote('offline');
    }
  }, [db, get, postId]);

  useEffect(() => {
    setRemote('loading');
    void reload();
  }, [reload]);

  /** Shows a save at once (usePostCardActions' onSaved); the outbox sends it. */
  const applySave = useCallback(
    (_postId: string, saved: SaveStateDto) => {
      void db.postPages
        .where('id')
        .equals(postId)
        .modify((row) => {
          row.page = { ...row.page, isSaved: saved.isSaved, post: { ...row.page.post, saveCount: saved.saveCount } };
        });
    },
    [db, postId],
  );

  /** Shows the post as an edit or a sold mark answered it. */
  const applyPost = useCallback((post: PostDto) => void storePost(db, post), [db]);

  const state = pageState(postId, remote, cached, fromFeed?.post ?? null, outbox ?? [], user);
  return { state, reload, applySave, applyPost };
}

function pageState(
  postId: string,
  remote: Remote,
  cached: { page: PostPageDto } | null | undefined,
  fromFeed: PostDto | null,
  outbox: OutboxEntry[],
  user: ReturnType<typeof useSession>['user'],
): PostPageState {
  if (remote === 'missing' || remote === 'deleted') return { status: remote };
  const ownPending = outbox.find((entry) => entry.kind === 'post.create' && entry.postId === postId);
  const base: PostPageDto | null = cached
    ? cached.page
    : fromFeed
      ? { post: fromFeed, thread: [], isSaved: fromFeed.isSaved ?? false, isOwner: fromFeed.author.id === user?.id }
      : ownPending && user
        ? { post: pendingPost(ownPending, user), thread: [], isSaved: false, isOwner: true }
        : null;
  if (!base) {
    if (remote === 'offline') return { status: 'error', message: OFFLINE_MESSAGE };
    if (remote === 'error') return { status: 'error', message: 'Something went wrong' };
    return { status: 'loading' };
  }
  const post = withPendingChanges({ ...base.post, isSaved: base.isSaved }, outbox);
  if (!post) return { status: 'deleted' };
  const comments = user
    ? outbox
        .filter((entry) => entry.kind === 'comment.create' && entry.rootId === postId)
        .map((entry) => pendingComment(entry, user))
    : [];
  const deleting = new Set(
    outbox
      .filter((entry) => entry.kind === 'post.delete' && entry.rootId === postId && entry.state !== 'failed')
      .map((entry) => entry.postId),
  );
  return {
    status: 'ready',
    page: {
      ...base,
      post,
      isSaved: post.isSaved ?? base.isSaved,
      thread: withPendingComments(base.thread as LocalComment[], postId, comments, deleting),
    },
  };
}

/** The text for a post that cannot be shown (spec 2 §2 / §8). */
export function postUnavailableText(
  state: Exclude<PostPageState, { status: 'ready' } | { status: 'loading' }>,
): string {
  if (state.status === 'deleted') return POST_MESSAGES.postGone;
  if (state.status === 'missing') return POST_MESSAGES.postMissing;
  return state.message;
}
