import type { NotificationDto, NotificationsPageDto, UnreadCountsDto } from '@campus/shared/notifications-api';
import { type MarkNotificationsReadRequest, unreadCountsSchema } from '@campus/shared/notifications-requests';
import type { CommentResponse } from '@campus/shared/post-api';
import { expect } from 'vitest';
import { type Actor, bodyOf, doc, submitComment } from '../test/post-requests.ts';
import type { TestApp } from '../test/test-app.ts';

/** POST a comment (or a reply to `parentId`) as `actor`, expecting 201, and waits for its fan-out; answers its id. */
export async function comment(app: TestApp, actor: Actor, postId: string, text: string, parentId?: string) {
  const response = await submitComment(app, actor, postId, { text: doc(text), ...(parentId ? { parentId } : {}) });
  const id = (await bodyOf<CommentResponse>(response, 201)).comment.id;
  await fanOutsWritten(app);
  return id;
}

/** The fan-out jobs of the answers so far are written (they start once an answer has left: decision 032). */
async function fanOutsWritten(app: TestApp): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await app.notificationJobs.idle();
}

export async function save(app: TestApp, actor: Actor, postId: string, method: 'PUT' | 'DELETE' = 'PUT') {
  const response = await app.request(`/api/posts/${postId}/save`, { method, session: actor.session, host: actor.host });
  expect(response.status).toBe(200);
}

export async function notificationsOf(app: TestApp, actor: Actor, cursor?: string): Promise<NotificationsPageDto> {
  const query = cursor === undefined ? '' : `?cursor=${cursor}`;
  return bodyOf(await app.request(`/api/notifications${query}`, { session: actor.session, host: actor.host }), 200);
}

/** The rows as [type, from user id, actorCount], newest first: the shape most tests compare. */
export async function summaryOf(app: TestApp, actor: Actor): Promise<[string, string, number][]> {
  const page = await notificationsOf(app, actor);
  return page.notifications.map((row: NotificationDto) => [row.type, row.fromUser.id, row.actorCount]);
}

/** GET /api/notifications/unread, its body checked against the shared response schema. */
export async function unreadOf(app: TestApp, actor: Actor): Promise<UnreadCountsDto> {
  const response = await app.request('/api/notifications/unread', { session: actor.session, host: actor.host });
  return unreadCountsSchema.parse(await bodyOf(response, 200));
}

export async function markRead(app: TestApp, actor: Actor, ids: string[]): Promise<UnreadCountsDto> {
  const json: MarkNotificationsReadRequest = { ids };
  const response = await app.request('/api/notifications/read', {
    method: 'POST',
    session: actor.session,
    host: actor.host,
    json,
  });
  return unreadCountsSchema.parse(await bodyOf(response, 200));
}
