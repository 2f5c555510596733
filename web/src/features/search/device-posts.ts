import type { MeDto } from '@campus/shared/account-api';
import type { PostDto } from '@campus/shared/post-api';
import type { LocalDb, OutboxEntry } from '../../local/local-db.ts';
import { type LocalPost, pendingPost, withPendingChanges } from '../../local/local-posts.ts';

/** Whose device copy an offline search reads, and of which campus (decision 039). */
export interface DeviceSearchScope {
  campusId: string;
  /** The signed-in viewer; null for a visitor. The cache must be theirs (`meta.owner`). */
  viewer: MeDto | null;
}

/** The outbox entries that change what a search finds: the viewer's own posts, edits, deletes, saves. */
const SEARCHED_KINDS = new Set<OutboxEntry['kind']>(['post.create', 'post.update', 'post.delete', 'save.set']);

/** The viewer's waiting changes to posts, in the order they were made. */
export async function readPendingChanges(db: LocalDb, scope: DeviceSearchScope): Promise<OutboxEntry[]> {
  if (!scope.viewer) return [];
  const entries = await db.outbox.where('userId').equals(scope.viewer.id).sortBy('seq');
  return entries.filter((entry) => SEARCHED_KINDS.has(entry.kind));
}

/**
 * The copies of each post the device holds (feed, opened post page, saved),
 * one per id: the newest by `lastModified`; on a tie the post page's, which
 * was read on its own and carries the viewer's save.
 */
function newestCopies(copies: (PostDto | undefined)[]): Map<string, PostDto> {
  const newest = new Map<string, PostDto>();
  for (const copy of copies) {
    if (!copy) continue;
    const known = newest.get(copy.id);
    if (!known || copy.lastModified > known.lastModified) newest.set(copy.id, copy);
  }
  return newest;
}

/** Every post the device holds, or only `ids` (their newest copies; a missing id is not in the answer). */
export async function readCachedPosts(db: LocalDb, ids?: string[]): Promise<Map<string, PostDto>> {
  return db.transaction('r', [db.postPages, db.feed, db.saved], async () => {
    const [pages, feed, saved] = await Promise.all(
      ids
        ? [db.postPages.bulkGet(ids), db.feed.bulkGet(ids), db.saved.bulkGet(ids)]
        : [db.postPages.toArray(), db.feed.toArray(), db.saved.toArray()],
    );
    return newestCopies([
      ...pages.map((entry) => entry && { ...entry.page.post, isSaved: entry.page.isSaved }),
      ...feed.map((entry) => entry?.post),
      ...saved.map((entry) => entry?.post),
    ]);
  });
}

/**
 * A post as a search shows it, or null when it is not searched: a comment or
 * reply, a 'joined' post, another campus's post, or one the viewer is
 * deleting (decision 035 "What is found"). The viewer's waiting edits apply,
 * and their waiting new posts are found too, as the feed shows them.
 */
export function searchedPost(
  cached: PostDto | undefined,
  id: string,
  pending: OutboxEntry[],
  scope: DeviceSearchScope,
): LocalPost | null {
  const created = pending.find((entry) => entry.kind === 'post.create' && entry.postId === id);
  const base: LocalPost | undefined =
    cached ?? (created && scope.viewer ? pendingPost(created, scope.viewer) : undefined);
  if (!base || base.parentId !== null || base.type !== 'post' || base.campusId !== scope.campusId) return null;
  return withPendingChanges(base, pending);
}

/** The posts the outbox's entries concern (their cached copies may show differently). */
export function pendingPostIds(entries: OutboxEntry[]): Set<string> {
  return new Set(entries.map((entry) => entry.postId));
}
