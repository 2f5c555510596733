import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FeedPageDto, PostListPageDto, PostPageDto } from '@campus/shared/post-api';
import { plainTextToRichText, type RichTextDocument } from '@campus/shared/rich-text';
import { expect } from 'vitest';
import type { InsertableUserRow } from '../db/schema.ts';
import { createUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

const CAMPUS_HOSTS: Record<string, string> = { ou: 'ou.localhost', ut: 'utexas.localhost' };

/** The Lexical document the composer would send for `text` (one paragraph per line). */
export function doc(text: string): RichTextDocument {
  return plainTextToRichText(text);
}

/** A student who may post on their campus (verified, school-verified, profile set up) and their session. */
export async function createMember(app: TestApp, overrides: Partial<InsertableUserRow> = {}) {
  const user = await createUser(app.db, {
    profile_set_up: 1,
    bio: 'Junior',
    img: '/media/avatars/me.webp',
    ...overrides,
  });
  return { user, session: await app.signInAs(user.id), host: CAMPUS_HOSTS[user.campus_id] ?? 'ou.localhost' };
}

type Member = Awaited<ReturnType<typeof createMember>>;
type Members<Count extends number, Made extends Member[] = []> = Made['length'] extends Count
  ? Made
  : Members<Count, [...Made, Member]>;

/** `count` members of the default campus, made one after another (so in the order named). */
export async function createMembers<Count extends 2 | 3 | 4 | 5>(app: TestApp, count: Count): Promise<Members<Count>> {
  const members: Member[] = [];
  for (let index = 0; index < count; index += 1) members.push(await createMember(app));
  return members as Members<Count>;
}

/** Asserts the status and answers the JSON body. */
export async function bodyOf<T>(response: Response, status: number): Promise<T> {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
}

export interface Actor {
  session: string;
  host: string;
}

/** POST /api/posts as `actor`. */
export function submitPost(app: TestApp, actor: Actor, json: Record<string, unknown>) {
  return app.request('/api/posts', { session: actor.session, host: actor.host, json });
}

/** POST /api/posts/:postId/comments as `actor`. */
export function submitComment(app: TestApp, actor: Actor, postId: string, json: Record<string, unknown>) {
  return app.request(`/api/posts/${postId}/comments`, { session: actor.session, host: actor.host, json });
}

/** GET /api/posts/:id, expecting 200. */
export async function postPage(app: TestApp, id: string, actor?: Partial<Actor>): Promise<PostPageDto> {
  return bodyOf<PostPageDto>(await app.request(`/api/posts/${id}`, { ...actor }), 200);
}

/** The ids on the first feed page as `actor` sees it. */
export async function feedIds(app: TestApp, actor?: Partial<Actor>): Promise<string[]> {
  const page = await bodyOf<FeedPageDto>(await app.request('/api/posts/feed', { ...actor }), 200);
  return page.posts.map((post) => post.id);
}

/** The ids of a list endpoint's page (/api/saved, a profile tab) as `actor` sees it. */
export async function listIds(app: TestApp, url: string, actor?: Partial<Actor>): Promise<string[]> {
  const page = await bodyOf<PostListPageDto>(await app.request(url, { ...actor }), 200);
  return page.posts.map((post) => post.id);
}

/** Writes placeholder bytes where an upload row says its files are, as POST /api/uploads would. */
export async function writeUploadFiles(app: TestApp, upload: { path: string; thumb_path: string }) {
  const mediaDir = path.join(app.config.dataDir, 'media');
  for (const relative of [upload.path, upload.thumb_path]) {
    await mkdir(path.dirname(path.join(mediaDir, relative)), { recursive: true });
    await writeFile(path.join(mediaDir, relative), 'image bytes');
  }
}

/** Waits for the clock to move on, so rows made one after another never share a timestamp. */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1));
}
