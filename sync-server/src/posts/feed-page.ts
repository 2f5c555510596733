import type { FeedPageDto, PostDto } from '@campus/shared/post-api';
import { type Db, preparedFor, withSqlite } from '../db/database.ts';
import { createReadCache } from '../db/read-cache.ts';
import { allocResponseBytes } from '../http/response-slab.ts';
import type { FeedCache, FeedPageEntry } from './feed-cache.ts';
import { nextCursorOf, type PageCursor } from './page-cursor.ts';
import { toPostDtos } from './posts.mapper.ts';
import { findFeedPage } from './posts.repository.ts';

const IS_SAVED = Buffer.from(',"isSaved":true');
const IS_NOT_SAVED = Buffer.from(',"isSaved":false');

/**
 * A page in both forms the cache keeps, from its posts as a visitor sees them
 * (no isSaved): the visitor's JSON, and the signed-in JSON with no post saved
 * together with where each post's flag is, so a viewer's saves go in by
 * copying (withSavedState) rather than serialising again.
 */
function toPageEntry(dtos: PostDto[], nextCursor: string | null, generation: number): FeedPageEntry {
  const visitorBytes = Buffer.from(JSON.stringify({ posts: dtos, nextCursor } satisfies FeedPageDto));
  const chunks: string[] = ['{"posts":['];
  const flagOffsets: number[] = [];
  let length = Buffer.byteLength(chunks[0] as string);
  dtos.forEach((dto, index) => {
    const json = `${index === 0 ? '' : ','}${JSON.stringify(dto).slice(0, -1)}`;
    length += Buffer.byteLength(json);
    flagOffsets.push(length);
    length += IS_NOT_SAVED.length + 1;
    chunks.push(json, ',"isSaved":false}');
  });
  chunks.push(`],"nextCursor":${JSON.stringify(nextCursor)}}`);
  return {
    visitorBytes,
    unsavedBytes: Buffer.from(chunks.join('')),
    flagOffsets,
    postIds: dtos.map((dto) => dto.id),
    generation,
  };
}

/**
 * One page of the campus feed: the shared one (`viewerId` null), or the one of
 * a viewer with a block, whose query hides posts both ways. Either is kept
 * without the viewer's saved state, which is laid over on every read.
 */
async function buildPage(db: Db, page: FeedPageRequest, viewerId: string | null, generation: number) {
  const { limit, after } = page.parse();
  const { posts, media } = await findFeedPage(db, page.campusId, limit, after, viewerId);
  const rows = viewerId === null ? posts : posts.map((post) => ({ ...post, is_saved: null }));
  const nextCursor = nextCursorOf(posts, limit, (post) => ({ at: post.last_modified, id: post.id }));
  return toPageEntry(toPostDtos(rows, media), nextCursor, generation);
}

/**
 * A viewer's own part of every page, prepared once: the posts they saved (up
 * to MAX_KEPT_SAVES + 1 of them), whether they have a block either way, and,
 * for a viewer with more saves than are kept, their saves among one page's posts
 * (ids as one JSON array, so one statement serves any page size).
 */
const overlayStatements = preparedFor((sqlite) => ({
  allSaved: sqlite
    .prepare<{ viewer: string; limit: number }, string>(
      'select post_id from saves where user_id = @viewer limit @limit',
    )
    .pluck(),
  savedAmong: sqlite
    .prepare<{ viewer: string; ids: string }, string>(
      'select post_id from saves where user_id = @viewer and post_id in (select value from json_each(@ids))',
    )
    .pluck(),
  hasBlocks: sqlite
    .prepare<{ viewer: string }, number>(
      'select exists (select 1 from blocks where blocker_id = @viewer or blocked_id = @viewer)',
    )
    .pluck(),
}));

/** A student's saves kept whole up to this many; past it, each page reads its own posts' saved state. */
const MAX_KEPT_SAVES = 2_000;

interface OwnPart {
  /** Every post the viewer saved, or null when they saved more than MAX_KEPT_SAVES. */
  savedIds: ReadonlySet<string> | null;
  hasBlocks: boolean;
}

/**
 * Viewers' own parts as last read, until that viewer's saves or blocks change
 * (a save, unsave, block or unblock drops the students it touches:
 * db/read-cache.ts). Every page a student scrolls to needs the same part, so
 * it is read once.
 */
const ownParts = createReadCache<OwnPart>(5_000, (viewerId) => viewerId);

function readOwnPart(db: Db, viewerId: string) {
  return withSqlite(db, (sqlite) =>
    ownParts.read(sqlite, viewerId, () => {
      const statements = overlayStatements(sqlite);
      const saved = statements.allSaved.all({ viewer: viewerId, limit: MAX_KEPT_SAVES + 1 });
      return {
        savedIds: saved.length > MAX_KEPT_SAVES ? null : new Set(saved),
        hasBlocks: statements.hasBlocks.get({ viewer: viewerId }) === 1,
      } satisfies OwnPart;
    }),
  );
}

async function savedAmong(db: Db, viewerId: string, own: OwnPart, postIds: string[]) {
  if (own.savedIds !== null) return own.savedIds;
  return withSqlite(
    db,
    (sqlite) => new Set(overlayStatements(sqlite).savedAmong.all({ viewer: viewerId, ids: JSON.stringify(postIds) })),
  );
}

/**
 * The page's bytes with the viewer's saved posts flagged true. A page with
 * none of them, most pages for most students, is the kept unsavedBytes as it
 * is; otherwise those bytes are copied in a few runs around each `true`.
 */
function withSavedState(entry: FeedPageEntry, savedIds: ReadonlySet<string>): Buffer<ArrayBuffer> {
  const { postIds, flagOffsets, unsavedBytes } = entry;
  let saved = 0;
  for (const postId of postIds) if (savedIds.has(postId)) saved++;
  if (saved === 0) return unsavedBytes;
  // `true` is one byte shorter than `false`.
  const bytes = allocResponseBytes(unsavedBytes.length - saved);
  let from = 0;
  let at = 0;
  postIds.forEach((postId, index) => {
    if (!savedIds.has(postId)) return;
    const flagAt = flagOffsets[index] as number;
    at += unsavedBytes.copy(bytes, at, from, flagAt);
    at += IS_SAVED.copy(bytes, at);
    from = flagAt + IS_NOT_SAVED.length;
  });
  unsavedBytes.copy(bytes, at, from);
  return bytes;
}

export interface FeedPageRequest {
  key: string;
  campusId: string;
  viewerId: string | null;
  /** Parsed only when the page must be built: a cached page's key was valid when it was built. */
  parse(): { limit: number; after: PageCursor | null };
}

/**
 * The feed page's JSON bytes for this viewer (issue 25). Everyone without a
 * block is served from the campus's shared page; a viewer with a block from a
 * page kept for them alone (under their id), which hides posts both ways. A
 * signed-in viewer's saved state is put in on every request, from their own
 * part (read once while nothing is written). Blocks move the cache's change
 * counter (migration 2026-11-30T1100), so a kept page never outlives a block
 * or an unblock.
 */
export async function feedPageBytes(db: Db, cache: FeedCache, page: FeedPageRequest): Promise<Buffer<ArrayBuffer>> {
  const { viewerId, key } = page;
  if (viewerId === null) return (await sharedPage(db, cache, page)).visitorBytes;
  const own = await readOwnPart(db, viewerId);
  if (own.hasBlocks) {
    // Never a shared page's key, which starts with a campus id (no spaces) whatever the client's cursor says.
    const ownKey = `viewer ${viewerId}|${key}`;
    let ownPage = cache.get(ownKey);
    if (ownPage === undefined) {
      ownPage = await buildPage(db, page, viewerId, cache.generation());
      cache.set(ownKey, ownPage);
    }
    return withSavedState(ownPage, await savedAmong(db, viewerId, own, ownPage.postIds));
  }
  const shared = await sharedPage(db, cache, page);
  return withSavedState(shared, await savedAmong(db, viewerId, own, shared.postIds));
}

async function sharedPage(db: Db, cache: FeedCache, page: FeedPageRequest): Promise<FeedPageEntry> {
  let shared = cache.get(page.key);
  if (shared === undefined) {
    // The counter is read before the page's query: a change in between makes the page older-labelled, never newer.
    shared = await buildPage(db, page, null, cache.generation());
    cache.set(page.key, shared);
  }
  return shared;
}

/** The same page as text (the server-written first screen reads its cards from it). */
export async function feedPageJson(db: Db, cache: FeedCache, page: FeedPageRequest): Promise<string> {
  return (await feedPageBytes(db, cache, page)).toString('utf8');
}
