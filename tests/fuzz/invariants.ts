import type { FeedPageDto, PostDto, PostPageDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import type { Db } from '@campus/sync-server/db/database';
import { callApi } from './faulty-network.ts';
import type { FuzzClient } from './fuzz-client.ts';
import type { Member } from './fuzz-server.ts';

interface ServerRow {
  id: string;
  campus_id: string;
  user_id: string;
  parent_id: string | null;
  type: string;
  text_plain: string;
  price: number | null;
  is_sold: number;
  save_count: number;
  comment_count: number;
}

/** The server's rows, read straight from its database once everything has settled. */
export interface ServerState {
  posts: Map<string, ServerRow>;
  tombstones: Map<string, string>;
  likes: Set<string>;
  totalPosts: Map<string, number>;
}

const likeKey = (postId: string, userId: string) => `${postId}|${userId}`;

export async function readServerState(db: Db): Promise<ServerState> {
  const posts = await db
    .selectFrom('posts')
    .select([
      'id',
      'campus_id',
      'user_id',
      'parent_id',
      'type',
      'text_plain',
      'price',
      'is_sold',
      'save_count',
      'comment_count',
    ])
    .execute();
  const tombstones = await db.selectFrom('deleted_posts').select(['id', 'campus_id']).execute();
  const likes = await db.selectFrom('saves').select(['post_id', 'user_id']).execute();
  const users = await db.selectFrom('users').select(['id', 'total_posts']).execute();
  return {
    posts: new Map(posts.map((row) => [row.id, row])),
    tombstones: new Map(tombstones.map((row) => [row.id, row.campus_id])),
    likes: new Set(likes.map((row) => likeKey(row.post_id, row.user_id))),
    totalPosts: new Map(users.map((row) => [row.id, row.total_posts])),
  };
}

/** Every refusal left in an outbox must be one the server had to make: its target is gone. */
export async function checkRefusals(
  clients: FuzzClient[],
  state: ServerState,
): Promise<{ problems: string[]; count: number }> {
  const problems: string[] = [];
  let count = 0;
  const outboxes = await Promise.all(clients.map((client) => client.db.outbox.toArray()));
  // A reply to one's own comment that the server refused answers a parent that never existed:
  // refused too, with the spec's 'Something went wrong.' (found by FUZZ_SEED=1171803875).
  const refusedComments = new Set(
    outboxes
      .flat()
      .filter((entry) => entry.kind === 'comment.create' && entry.state === 'failed')
      .map((entry) => entry.id),
  );
  for (const [index, client] of clients.entries()) {
    const entries = outboxes[index] ?? [];
    for (const entry of entries) {
      if (entry.state !== 'failed') {
        problems.push(`${client.name}: ${entry.kind} ${entry.id} is still ${entry.state} after the final drain`);
        continue;
      }
      count++;
      const body = entry.body as { parentId?: string };
      const isOrphanReply =
        entry.kind === 'comment.create' &&
        body.parentId !== undefined &&
        refusedComments.has(body.parentId) &&
        !state.posts.has(body.parentId) &&
        entry.errors.length === 1 &&
        entry.errors[0] === POST_MESSAGES.submitFailed;
      if (isOrphanReply) continue;
      const isGoneAnswer = entry.errors.length === 1 && entry.errors[0] === POST_MESSAGES.postGone;
      const target =
        entry.kind === 'comment.create'
          ? [entry.rootId, body.parentId].some((id) => id && state.tombstones.has(id))
          : entry.kind === 'save.set' && state.tombstones.has(entry.postId);
      if (!isGoneAnswer || !target) {
        problems.push(
          `${client.name}: ${entry.kind} ${entry.method} ${entry.path} was refused without cause: ${JSON.stringify(entry.errors)}`,
        );
      }
    }
  }
  return { problems, count };
}

function descendantsOf(state: ServerState): Map<string, number> {
  const children = new Map<string, string[]>();
  for (const row of state.posts.values()) {
    if (row.parent_id === null) continue;
    children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  }
  const counts = new Map<string, number>();
  const count = (id: string): number => {
    const known = counts.get(id);
    if (known !== undefined) return known;
    const total = (children.get(id) ?? []).reduce((sum, child) => sum + 1 + count(child), 0);
    counts.set(id, total);
    return total;
  };
  for (const id of state.posts.keys()) count(id);
  return counts;
}

/**
 * (1) Exactly once: every acknowledged create is on the server once (or was
 * deleted since), nothing exists that no client created, nothing was created
 * twice under another id, and every counter equals a recount of its rows.
 */
export async function checkExactlyOnce(clients: FuzzClient[], state: ServerState): Promise<string[]> {
  const problems: string[] = [];
  const creators = new Map<string, FuzzClient>();
  const failedIds = new Set<string>();
  for (const client of clients) {
    for (const id of client.creates.keys()) creators.set(id, client);
    for (const entry of await client.db.outbox.toArray()) failedIds.add(entry.id);
  }

  const texts = new Map<string, string>();
  for (const row of state.posts.values()) {
    const client = creators.get(row.id);
    const record = client?.creates.get(row.id);
    if (!client || !record) {
      problems.push(`post ${row.id} ("${row.text_plain}") exists but no client created it`);
      continue;
    }
    const twin = texts.get(row.text_plain);
    if (twin) problems.push(`"${row.text_plain}" exists twice: ${twin} and ${row.id}`);
    texts.set(row.text_plain, row.id);
    if (row.text_plain !== record.text)
      problems.push(`post ${row.id} has text "${row.text_plain}", not "${record.text}"`);
    if (row.user_id !== client.member.userId || row.campus_id !== client.member.campusId) {
      problems.push(`post ${row.id} belongs to ${row.user_id} on ${row.campus_id}, not ${client.name}`);
    }
    const expectedParent = record.kind === 'post' ? null : (record.parentId ?? record.rootId);
    if (row.parent_id !== expectedParent) {
      problems.push(`post ${row.id} answers ${row.parent_id}, not ${expectedParent}`);
    }
    if (state.tombstones.has(row.id)) problems.push(`post ${row.id} is both live and deleted`);
  }

  for (const [id, client] of creators) {
    const isAcknowledged = client.applied.has(id);
    if (isAcknowledged === failedIds.has(id)) {
      problems.push(
        `${client.name}: create ${id} is ${isAcknowledged ? 'both acknowledged and refused' : 'neither acknowledged nor refused'}`,
      );
    }
    if (isAcknowledged && !state.posts.has(id) && !state.tombstones.has(id)) {
      problems.push(`${client.name}: acknowledged create ${id} is neither on the server nor deleted`);
    }
    // A refusal means it was never applied: no row, and no tombstone of a row that once was.
    if (!isAcknowledged && (state.posts.has(id) || state.tombstones.has(id))) {
      problems.push(`${client.name}: create ${id} was refused, yet the server applied it`);
    }
  }

  for (const client of clients) {
    for (const id of client.deleted) {
      if (state.posts.has(id)) problems.push(`${client.name}: deleted ${id} still exists`);
    }
  }

  const descendants = descendantsOf(state);
  const saveCounts = new Map<string, number>();
  for (const key of state.likes) {
    const postId = key.split('|')[0] as string;
    saveCounts.set(postId, (saveCounts.get(postId) ?? 0) + 1);
  }
  const livePosts = new Map<string, number>();
  for (const row of state.posts.values()) {
    if (row.comment_count !== (descendants.get(row.id) ?? 0)) {
      problems.push(`post ${row.id} counts ${row.comment_count} comments, has ${descendants.get(row.id) ?? 0}`);
    }
    if (row.save_count !== (saveCounts.get(row.id) ?? 0)) {
      problems.push(`post ${row.id} counts ${row.save_count} saves, has ${saveCounts.get(row.id) ?? 0}`);
    }
    if (row.parent_id === null && row.type === 'post')
      livePosts.set(row.user_id, (livePosts.get(row.user_id) ?? 0) + 1);
  }
  for (const client of clients) {
    const counted = state.totalPosts.get(client.member.userId) ?? 0;
    const actual = livePosts.get(client.member.userId) ?? 0;
    if (counted !== actual) problems.push(`${client.name}: total_posts is ${counted}, has ${actual} posts`);
  }
  return problems;
}

/**
 * (2) Each client's save on each surviving post is what it last asked for,
 * on the server and on the device; and every save on the server was asked
 * for. Each owner's price and sold state are its last edit's.
 */
export async function checkIntents(clients: FuzzClient[], state: ServerState): Promise<string[]> {
  const problems: string[] = [];
  const asked = new Set<string>();
  for (const client of clients) {
    const userId = client.member.userId;
    for (const [postId, isSaved] of client.saveIntent) {
      if (isSaved) asked.add(likeKey(postId, userId));
      if (!state.posts.has(postId)) continue;
      if (state.likes.has(likeKey(postId, userId)) !== isSaved) {
        problems.push(
          `${client.name}: post ${postId} is ${isSaved ? 'not ' : ''}saved on the server, last asked ${isSaved}`,
        );
      }
      const cached = await client.db.feed.get(postId);
      if (cached && cached.post.isSaved !== isSaved) {
        problems.push(`${client.name}: post ${postId} shows isSaved ${cached.post.isSaved}, last asked ${isSaved}`);
      }
    }
    for (const [postId, intent] of client.editIntent) {
      const row = state.posts.get(postId);
      if (!row) continue;
      if (row.price !== intent.price || (row.is_sold === 1) !== intent.isSold) {
        problems.push(
          `${client.name}: post ${postId} has price ${row.price} sold ${row.is_sold === 1}, last asked ${intent.price} ${intent.isSold}`,
        );
      }
    }
  }
  for (const key of state.likes) {
    if (!asked.has(key)) problems.push(`save ${key} exists but its user never last asked for it`);
  }
  return problems;
}

async function serverFeed(port: number, member: Member): Promise<PostDto[]> {
  const posts: PostDto[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const path: string = cursor
      ? `/api/posts/feed?limit=15&cursor=${encodeURIComponent(cursor)}`
      : '/api/posts/feed?limit=25';
    const answer = await callApi(port, member, { method: 'GET', path });
    if (answer.status !== 200) throw new Error(`feed answered ${answer.status}`);
    const body = answer.body as FeedPageDto;
    posts.push(...body.posts);
    cursor = body.nextCursor;
    if (cursor === null) return posts;
  }
  throw new Error('the feed did not end');
}

const SHOWN = ['lastModified', 'saveCount', 'commentCount', 'isSold', 'price', 'isSaved'] as const;

function shown(post: PostDto) {
  return Object.fromEntries(SHOWN.map((field) => [field, post[field]]));
}

function threadIds(thread: PostPageDto['thread'], into = new Set<string>()): Set<string> {
  for (const comment of thread) {
    into.add(comment.id);
    threadIds(comment.replies, into);
  }
  return into;
}

/**
 * (3) Convergence: each device's feed is the server's feed as that student
 * sees it (same posts, same counts, prices, sold and saved states), deleted
 * posts are gone from it and from its post pages, each kept post page has
 * the server's thread, and no device heard of another campus's posts.
 */
export async function checkConvergence(clients: FuzzClient[], state: ServerState, port: number): Promise<string[]> {
  const problems: string[] = [];
  const campusOf = new Map<string, string>(state.tombstones);
  for (const row of state.posts.values()) campusOf.set(row.id, row.campus_id);
  for (const client of clients) {
    const expected = new Map((await serverFeed(port, client.member)).map((post) => [post.id, post]));
    const cached = new Map((await client.db.feed.toArray()).map((entry) => [entry.id, entry]));
    for (const [id, post] of expected) {
      const entry = cached.get(id);
      if (!entry) {
        problems.push(`${client.name}: feed lacks ${id}`);
        continue;
      }
      const mine = JSON.stringify(shown(entry.post));
      const theirs = JSON.stringify(shown(post));
      if (mine !== theirs || entry.lastModified !== post.lastModified) {
        problems.push(`${client.name}: feed shows ${id} as ${mine}, server ${theirs}`);
      }
    }
    for (const [id, entry] of cached) {
      if (expected.has(id)) continue;
      const why = state.tombstones.has(id) ? 'deleted' : `not in its feed (campus ${entry.post.campusId})`;
      problems.push(`${client.name}: feed keeps ${id}, ${why}`);
    }
    for (const entry of await client.db.postPages.toArray()) {
      const row = state.posts.get(entry.id);
      if (!row) {
        problems.push(`${client.name}: keeps the page of ${entry.id}, which is gone`);
        continue;
      }
      const answer = await callApi(port, client.member, { method: 'GET', path: `/api/posts/${entry.id}` });
      const page = answer.body as PostPageDto;
      const mine = [...threadIds(entry.page.thread)].sort().join();
      const theirs = [...threadIds(page.thread)].sort().join();
      if (mine !== theirs)
        problems.push(`${client.name}: the page of ${entry.id} shows thread [${mine}], server [${theirs}]`);
    }
    for (const notice of client.notices) {
      const campus = campusOf.get(notice.postId);
      if (campus !== client.member.campusId) {
        problems.push(`${client.name} (${client.member.campusId}) heard of ${notice.postId} of campus ${campus}`);
      }
    }
  }
  return problems;
}
