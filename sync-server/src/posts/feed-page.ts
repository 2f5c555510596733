import type { FeedPageDto, PostDto } from '@campus/shared/post-api';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { FeedCache, FeedPageEntry } from './feed-cache.ts';
import { nextCursorOf, type PageCursor } from './page-cursor.ts';
import { toPostDtos } from './posts.mapper.ts';
import { findFeedPage } from './posts.repository.ts';

/** One page of the campus feed as a visitor sees it, in both forms the cache keeps. */
async function buildSharedPage(db: Db, campusId: string, limit: number, after: PageCursor | null, generation: number) {
  const { posts, media } = await findFeedPage(db, campusId, limit, after, null);
  const dtos: PostDto[] = toPostDtos(posts, media);
  const nextCursor = nextCursorOf(posts, limit, (post) => ({ at: post.last_modified, id: post.id }));
  const visitorJson = JSON.stringify({ posts: dtos, nextCursor } satisfies FeedPageDto);
  // The same bytes, cut where each post object closes, so isSaved can go in without re-serialising.
  const parts: string[] = [];
  let text = '{"posts":[';
  dtos.forEach((dto, index) => {
    const json = JSON.stringify(dto);
    parts.push(`${text}${index === 0 ? '' : ','}${json.slice(0, -1)}`);
    text = '}';
  });
  parts.push(`${dtos.length === 0 ? text : '}'}],"nextCursor":${JSON.stringify(nextCursor)}}`);
  return { visitorJson, postIds: dtos.map((dto) => dto.id), parts, generation } satisfies FeedPageEntry;
}

/**
 * What a signed-in viewer's page needs of their own, in one round trip: which
 * of the page's posts they saved, and whether they have a block either way
 * (the null row the second part adds).
 */
async function viewerOverlay(db: Db, viewerId: string, postIds: string[]) {
  const saved =
    postIds.length === 0
      ? sql`select null as post_id where 0`
      : sql`
    select post_id from saves where user_id = ${viewerId} and post_id in (${sql.join(postIds)})`;
  const { rows } = await sql<{ post_id: string | null }>`
    ${saved}
    union all
    select * from (select null as post_id from blocks where blocker_id = ${viewerId} or blocked_id = ${viewerId} limit 1)
  `.execute(db);
  const savedIds = new Set<string>();
  let hasBlocks = false;
  for (const row of rows) {
    if (row.post_id === null) hasBlocks = true;
    else savedIds.add(row.post_id);
  }
  return { savedIds, hasBlocks };
}

/** True when the viewer blocked someone or was blocked. */
async function hasBlocks(db: Db, viewerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) => eb.or([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', viewerId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page built for one viewer with blocks: posts hidden both ways (the pre-issue-25 query). */
async function viewerOwnPage(db: Db, page: FeedPageRequest): Promise<string> {
  const { limit, after } = page.parse();
  const { posts, media } = await findFeedPage(db, page.campusId, limit, after, page.viewerId);
  const body: FeedPageDto = {
    posts: toPostDtos(posts, media),
    nextCursor: nextCursorOf(posts, limit, (post) => ({ at: post.last_modified, id: post.id })),
  };
  return JSON.stringify(body);
}

export interface FeedPageRequest {
  key: string;
  campusId: string;
  viewerId: string | null;
  /** Parsed only when the page must be built: a cached page's key was valid when it was built. */
  parse(): { limit: number; after: PageCursor | null };
}

/**
 * The feed page's JSON for this viewer (issue 25): everyone without blocks is
 * served from the campus's shared page, a signed-in viewer with their own
 * saved state put in; a viewer with blocks gets a page built for them, which
 * hides posts both ways.
 */
export async function feedPageJson(db: Db, cache: FeedCache, page: FeedPageRequest): Promise<string> {
  const { viewerId } = page;
  let entry = cache.get(page.key);
  // Not kept yet: a viewer with blocks would not use the shared page, so it is not built for them.
  if (entry === undefined && viewerId !== null && (await hasBlocks(db, viewerId))) return viewerOwnPage(db, page);
  if (entry === undefined) {
    const { limit, after } = page.parse();
    // The counter is read before the page's query: a change in between makes the page older-labelled, never newer.
    entry = await buildSharedPage(db, page.campusId, limit, after, cache.generation());
    cache.set(page.key, entry);
  }
  if (viewerId === null) return entry.visitorJson;
  const overlay = await viewerOverlay(db, viewerId, entry.postIds);
  if (overlay.hasBlocks) return viewerOwnPage(db, page);
  const { savedIds } = overlay;
  const { parts, postIds } = entry;
  let json = parts[0] ?? '';
  for (let index = 0; index < postIds.length; index++) {
    json += `,"isSaved":${savedIds.has(postIds[index] ?? '')}${parts[index + 1]}`;
  }
  return json;
}
