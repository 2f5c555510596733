import type { FeedPageDto, PostDto } from '@campus/shared/post-api';
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

/** True when the viewer blocked someone or was blocked: their pages hide posts both ways and are built for them. */
async function hasBlocks(db: Db, viewerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) => eb.or([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', viewerId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function savedAmong(db: Db, viewerId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('saves')
    .select('post_id')
    .where('user_id', '=', viewerId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((row) => row.post_id));
}

/**
 * The feed page's JSON for this viewer (issue 25): everyone without blocks is
 * served from the campus's shared page, a signed-in viewer with their own
 * saved state put in (one indexed query); a viewer with blocks gets a page
 * built for them, which hides posts both ways.
 */
export async function feedPageJson(
  db: Db,
  cache: FeedCache,
  page: { key: string; campusId: string; limit: number; after: PageCursor | null; viewerId: string | null },
): Promise<string> {
  const { viewerId } = page;
  if (viewerId !== null && (await hasBlocks(db, viewerId))) {
    const { posts, media } = await findFeedPage(db, page.campusId, page.limit, page.after, viewerId);
    const body: FeedPageDto = {
      posts: toPostDtos(posts, media),
      nextCursor: nextCursorOf(posts, page.limit, (post) => ({ at: post.last_modified, id: post.id })),
    };
    return JSON.stringify(body);
  }
  let entry = cache.get(page.key);
  if (entry === undefined) {
    // The counter is read before the page's query: a change in between makes the page older-labelled, never newer.
    entry = await buildSharedPage(db, page.campusId, page.limit, page.after, cache.generation());
    cache.set(page.key, entry);
  }
  if (viewerId === null) return entry.visitorJson;
  const saved = await savedAmong(db, viewerId, entry.postIds);
  const { parts, postIds } = entry;
  let json = parts[0] ?? '';
  for (let index = 0; index < postIds.length; index++) {
    json += `,"isSaved":${saved.has(postIds[index] ?? '')}${parts[index + 1]}`;
  }
  return json;
}
