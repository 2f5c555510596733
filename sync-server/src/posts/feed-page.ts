import type { FeedPageDto, PostDto } from '@campus/shared/post-api';
import { type Db, preparedFor, withSqlite } from '../db/database.ts';
import type { FeedCache, FeedPageEntry } from './feed-cache.ts';
import { nextCursorOf, type PageCursor } from './page-cursor.ts';
import { toPostDtos } from './posts.mapper.ts';
import { findFeedPage } from './posts.repository.ts';

/**
 * A page in both forms the cache keeps, from its posts as a visitor sees them
 * (no isSaved): the JSON, and the same bytes cut where each post object
 * closes, so isSaved can go in without serialising again.
 */
function toPageEntry(dtos: PostDto[], nextCursor: string | null, generation: number): FeedPageEntry {
  const visitorJson = JSON.stringify({ posts: dtos, nextCursor } satisfies FeedPageDto);
  const parts: string[] = [];
  let text = '{"posts":[';
  dtos.forEach((dto, index) => {
    const json = JSON.stringify(dto);
    parts.push(`${text}${index === 0 ? '' : ','}${json.slice(0, -1)}`);
    text = '}';
  });
  parts.push(`${dtos.length === 0 ? text : '}'}],"nextCursor":${JSON.stringify(nextCursor)}}`);
  return { visitorJson, postIds: dtos.map((dto) => dto.id), parts, generation };
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
 * A viewer's own part of a page, prepared once: which of the page's posts they
 * saved (ids as one JSON array, so one statement serves any page size), and a
 * null row when they have a block either way.
 */
const overlayStatements = preparedFor((sqlite) => ({
  savedAndBlocked: sqlite.prepare<{ viewer: string; ids: string }, { post_id: string | null }>(`
    select post_id from saves where user_id = @viewer and post_id in (select value from json_each(@ids))
    union all
    select * from (select null as post_id from blocks where blocker_id = @viewer or blocked_id = @viewer limit 1)`),
  saved: sqlite
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

function readOverlay(db: Db, viewerId: string, postIds: string[]) {
  return withSqlite(db, (sqlite) => {
    const rows = overlayStatements(sqlite).savedAndBlocked.all({ viewer: viewerId, ids: JSON.stringify(postIds) });
    const savedIds = new Set<string>();
    let hasBlocks = false;
    for (const row of rows) {
      if (row.post_id === null) hasBlocks = true;
      else savedIds.add(row.post_id);
    }
    return { savedIds, hasBlocks };
  });
}

function readSaved(db: Db, viewerId: string, postIds: string[]) {
  return withSqlite(db, (sqlite) => {
    const ids = overlayStatements(sqlite).saved.all({ viewer: viewerId, ids: JSON.stringify(postIds) });
    return new Set(ids);
  });
}

function readHasBlocks(db: Db, viewerId: string) {
  return withSqlite(db, (sqlite) => overlayStatements(sqlite).hasBlocks.get({ viewer: viewerId }) === 1);
}

/** The page's JSON with `,"isSaved":…` put after each post's last field. */
function withSavedState(entry: FeedPageEntry, savedIds: Set<string>): string {
  const { parts, postIds } = entry;
  let json = parts[0] ?? '';
  for (let index = 0; index < postIds.length; index++) {
    json += `,"isSaved":${savedIds.has(postIds[index] ?? '')}${parts[index + 1]}`;
  }
  return json;
}

export interface FeedPageRequest {
  key: string;
  campusId: string;
  viewerId: string | null;
  /** Parsed only when the page must be built: a cached page's key was valid when it was built. */
  parse(): { limit: number; after: PageCursor | null };
}

/**
 * The feed page's JSON for this viewer (issue 25). Everyone without a block is
 * served from the campus's shared page; a viewer with a block from a page kept
 * for them alone (under their id), which hides posts both ways. A signed-in
 * viewer's saved state is read on every request and put in. Blocks move the
 * cache's change counter (migration 2026-11-30T1100), so a kept page never
 * outlives a block or an unblock.
 */
export async function feedPageJson(db: Db, cache: FeedCache, page: FeedPageRequest): Promise<string> {
  const { viewerId, key } = page;
  let shared = cache.get(key);
  if (viewerId === null) {
    if (shared === undefined) {
      // The counter is read before the page's query: a change in between makes the page older-labelled, never newer.
      shared = await buildPage(db, page, null, cache.generation());
      cache.set(key, shared);
    }
    return shared.visitorJson;
  }
  const overlay = shared === undefined ? null : await readOverlay(db, viewerId, shared.postIds);
  const hasBlocks = overlay === null ? await readHasBlocks(db, viewerId) : overlay.hasBlocks;
  if (hasBlocks) {
    // Never a shared page's key, which starts with a campus id (no spaces) whatever the client's cursor says.
    const ownKey = `viewer ${viewerId}|${key}`;
    let own = cache.get(ownKey);
    if (own === undefined) {
      own = await buildPage(db, page, viewerId, cache.generation());
      cache.set(ownKey, own);
    }
    return withSavedState(own, await readSaved(db, viewerId, own.postIds));
  }
  if (shared === undefined) {
    shared = await buildPage(db, page, null, cache.generation());
    cache.set(key, shared);
  }
  return withSavedState(shared, overlay?.savedIds ?? (await readSaved(db, viewerId, shared.postIds)));
}
