import type {
  FeedPageDto,
  PostDto,
  PostPageDto,
  PostResponse,
  SavedPageDto,
  SaveStateDto,
} from '@campus/shared/post-api';
import type { ChangeNotice } from '@campus/shared/sync-api';
import { LOCAL_API } from './api.ts';
import type { LocalDb, OutboxEntry } from './local-db.ts';
import type { AnswerMeta } from './outbox.ts';
import { isOutdated, nextSendMark, noteStored } from './send-order.ts';

/** Changed posts fetched at once after notices (browsers allow six connections per host). */
const NOTICE_FETCHES = 4;

/** A GET against the API: status and JSON body; throws when the network failed. */
export type ApiGet = (path: string) => Promise<{ status: number; body: unknown }>;

function isGone(status: number) {
  return status === 404 || status === 410;
}

/** Keeps a fetched top-level post wherever the device shows it: feed, post page, saved. */
export async function storePost(db: LocalDb, post: PostDto): Promise<void> {
  if (post.parentId !== null) return;
  await db.transaction('rw', postTables(db), async () => {
    await db.feed.put({ id: post.id, lastModified: post.lastModified, post });
    await db.postPages
      .where('id')
      .equals(post.id)
      .modify((entry) => {
        entry.page = { ...entry.page, post: { ...post, isSaved: entry.page.isSaved } };
      });
    await db.saved
      .where('id')
      .equals(post.id)
      .modify((entry) => {
        entry.post = post;
      });
  });
}

/**
 * When each post last left a device (a counter per device database). A read
 * that was on its way when the post was forgotten (a deletion's notice
 * overtook it) must not bring it back with its older answer. Found by
 * tests/fuzz under load.
 */
interface Forgotten {
  clock: number;
  at: Map<string, number>;
}
const forgottenByDb = new WeakMap<LocalDb, Forgotten>();

function forgottenOf(db: LocalDb): Forgotten {
  let forgotten = forgottenByDb.get(db);
  if (!forgotten) {
    forgotten = { clock: 0, at: new Map() };
    forgottenByDb.set(db, forgotten);
  }
  return forgotten;
}

/** Where the device's forgetting stands: take it before a read, pass it to `forgottenSince` after. */
function forgetMark(db: LocalDb): number {
  return forgottenOf(db).clock;
}

function forgottenSince(db: LocalDb, postId: string, mark: number): boolean {
  return (forgottenOf(db).at.get(postId) ?? -1) > mark;
}

/** Where the device shows a top-level post: feed, post page, saved. */
function postTables(db: LocalDb) {
  return [db.feed, db.postPages, db.saved];
}

export async function forgetPost(db: LocalDb, postId: string): Promise<void> {
  const forgotten = forgottenOf(db);
  if (forgotten.at.size > 5000) forgotten.at.clear();
  forgotten.at.set(postId, ++forgotten.clock);
  await db.transaction('rw', [db.feed, db.postPages, db.saved], async () => {
    await db.feed.delete(postId);
    await db.postPages.delete(postId);
    await db.saved.delete(postId);
  });
}

/**
 * The feed's first page from the server replaces what the device had for
 * that stretch: posts no longer in it (deleted, hidden, or moved down past
 * it) leave the cache, older cached posts stay for scrolling offline.
 */
/**
 * Stored with the feed's first page and cleared with the read cache (clearReadCache): an empty
 * feed without it is not read yet, not empty ('Be the first...' flashed after a cleared cache).
 */
const FEED_FIRST_PAGE_KEY = 'feed-first-page';

/** The feed as the device has it: its newest `limit` posts, and whether the server's first page is among them. */
export function readCachedFeed(db: LocalDb, limit: number) {
  return db.transaction('r', [db.feed, db.meta], async () => ({
    entries: await db.feed.orderBy('lastModified').reverse().limit(limit).toArray(),
    hasFirstPage: (await db.meta.get(FEED_FIRST_PAGE_KEY)) !== undefined,
  }));
}

export async function refreshFeed(db: LocalDb, get: ApiGet): Promise<FeedPageDto | null> {
  const mark = forgetMark(db);
  const sent = nextSendMark();
  const answer = await get(LOCAL_API.feed());
  if (answer.status >= 300) return null;
  const page = answer.body as FeedPageDto;
  const ids = new Set(page.posts.map((post) => post.id));
  const oldest = page.posts.at(-1)?.lastModified ?? '';
  await db.transaction('rw', [db.feed, db.meta], async () => {
    // A post stored from something sent after this page was asked for is newer than the page knows.
    const stale = await db.feed
      .where('lastModified')
      .aboveOrEqual(page.nextCursor === null ? '' : oldest)
      .filter((entry) => !ids.has(entry.id) && !isOutdated(db, entry.id, sent))
      .primaryKeys();
    await db.feed.bulkDelete(stale);
    await putFeedPosts(db, page.posts, mark, sent);
    await db.meta.put({ key: FEED_FIRST_PAGE_KEY, value: true });
  });
  return page;
}

/** A feed page's posts, but none forgotten or stored from something newer while the page was on its way. */
async function putFeedPosts(db: LocalDb, posts: PostDto[], mark: number, sent: number) {
  const kept = posts.filter((post) => !forgottenSince(db, post.id, mark) && !isOutdated(db, post.id, sent));
  for (const post of kept) noteStored(db, post.id, sent);
  await db.feed.bulkPut(kept.map((post) => ({ id: post.id, lastModified: post.lastModified, post })));
}

export async function fetchFeedPage(db: LocalDb, get: ApiGet, cursor: string): Promise<FeedPageDto | null> {
  const mark = forgetMark(db);
  const sent = nextSendMark();
  const answer = await get(LOCAL_API.feed(cursor));
  if (answer.status >= 300) return null;
  const page = answer.body as FeedPageDto;
  await db.transaction('rw', db.feed, () => putFeedPosts(db, page.posts, mark, sent));
  return page;
}

/** A post page from the server, kept for offline reading; a gone post leaves the device. */
export async function refreshPostPage(
  db: LocalDb,
  get: ApiGet,
  postId: string,
  isRetry = false,
): Promise<PostPageDto | 'missing' | 'deleted' | null> {
  const mark = forgetMark(db);
  const sent = nextSendMark();
  const answer = await get(LOCAL_API.post(postId));
  if (isGone(answer.status)) {
    await forgetPost(db, postId);
    return answer.status === 410 ? 'deleted' : 'missing';
  }
  if (answer.status >= 300) return null;
  // Forgotten while the answer was on its way: ask once more rather than bring back an older copy.
  if (forgottenSince(db, postId, mark)) return isRetry ? null : refreshPostPage(db, get, postId, true);
  const page = answer.body as PostPageDto;
  await db.transaction('rw', postTables(db), async () => {
    // A read sent after this one was stored first: this answer is the older one.
    if (isOutdated(db, postId, sent)) return;
    noteStored(db, postId, sent);
    await db.postPages.put({ id: postId, page, fetchedAt: Date.now() });
    await storePost(db, { ...page.post, isSaved: page.isSaved });
  });
  return page;
}

/** The first page of /saved, replacing the cached list (it is short and changes only by the viewer). */
export async function refreshSaved(db: LocalDb, get: ApiGet): Promise<SavedPageDto | null> {
  const answer = await get(LOCAL_API.saved());
  if (answer.status >= 300) return null;
  const page = answer.body as SavedPageDto;
  await db.transaction('rw', db.saved, async () => {
    await db.saved.clear();
    const now = Date.now();
    // Newest saved first: keep that order through savedAt.
    await db.saved.bulkPut(
      page.posts.map((post, index) => ({ id: post.id, savedAt: new Date(now - index).toISOString(), post })),
    );
  });
  return page;
}

/** A later page of /saved (not kept on the device); null when the server refused it. */
export async function fetchSavedPage(get: ApiGet, cursor: string): Promise<SavedPageDto | null> {
  const answer = await get(LOCAL_API.saved(cursor));
  return answer.status >= 300 ? null : (answer.body as SavedPageDto);
}

/**
 * Change notices from the socket (decision 013): each changed top-level
 * post is fetched once, as this viewer sees it, and stored; a deleted one is
 * forgotten. Comments change their post too, so the post's own notice covers
 * them. Saved-list notices refresh /saved.
 */
export async function applyNotices(db: LocalDb, get: ApiGet, notices: ChangeNotice[]): Promise<void> {
  const posts = new Map<string, ChangeNotice>();
  let isSavedChanged = false;
  for (const notice of notices) {
    if (notice.kind === 'saved') isSavedChanged = true;
    else if (notice.parentId === null) posts.set(notice.postId, notice);
  }
  // A few fetches at a time: a burst of changes (a reconnect's catch-up) is not fetched one by one.
  const queue = [...posts.values()];
  const worker = async () => {
    for (let notice = queue.shift(); notice; notice = queue.shift()) {
      if (notice.isDeleted) await forgetPost(db, notice.postId);
      else await refreshPostPage(db, get, notice.postId);
    }
  };
  await Promise.all(Array.from({ length: Math.min(NOTICE_FETCHES, queue.length) }, worker));
  if (isSavedChanged) await refreshSaved(db, get);
}

/**
 * Puts a mutation's answer where the device shows its post, unless the post
 * was stored from something sent after the mutation (a notice's read landed
 * first): then the answer is older than what is shown. A replayed answer is
 * as old as its receipt (the post as it was when first applied, maybe long
 * ago): shown, but it takes no place in the order. Either way the post is
 * then read as it is now; a fresh answer put in order is the newest there
 * is, and costs no extra read. Found by tests/fuzz (stale-replay.test.ts).
 */
async function putAnswer(
  db: LocalDb,
  get: ApiGet,
  postId: string,
  meta: Partial<AnswerMeta>,
  put: () => Promise<unknown>,
): Promise<void> {
  const { sentMark, replayed } = meta;
  const isPut = await db.transaction('rw', postTables(db), async () => {
    if (sentMark !== undefined && isOutdated(db, postId, sentMark)) return false;
    if (sentMark !== undefined && replayed === false) noteStored(db, postId, sentMark);
    await put();
    return true;
  });
  if (!isPut || sentMark === undefined || replayed !== false) await refreshPostPage(db, get, postId);
}

/** The server applied an outbox mutation: put its answer where the pending version was shown. */
export async function applyMutationResult(
  db: LocalDb,
  get: ApiGet,
  entry: OutboxEntry,
  body: unknown,
  meta: Partial<AnswerMeta> = {},
) {
  switch (entry.kind) {
    case 'post.create':
    case 'post.update':
      await putAnswer(db, get, entry.postId, meta, () => storePost(db, (body as PostResponse).post));
      break;
    case 'post.delete':
      await forgetPost(db, entry.postId);
      // A comment's post counts one fewer below it.
      if (entry.rootId) await refreshPostPage(db, get, entry.rootId);
      break;
    case 'save.set': {
      const saved = body as SaveStateDto;
      await putAnswer(db, get, entry.postId, meta, async () => {
        await db.feed
          .where('id')
          .equals(entry.postId)
          .modify((row) => {
            row.post = { ...row.post, ...saved };
          });
        await db.postPages
          .where('id')
          .equals(entry.postId)
          .modify((row) => {
            row.page = { ...row.page, isSaved: saved.isSaved, post: { ...row.page.post, ...saved } };
          });
        if (!saved.isSaved) await db.saved.delete(entry.postId);
      });
      break;
    }
    case 'comment.create':
      if (entry.rootId) await refreshPostPage(db, get, entry.rootId);
      break;
  }
}
