import type { StartChatResponse } from '@campus/shared/chat-api';
import { onTestFinished } from 'vitest';
import { campusSiteOrigin } from '../auth/site-origin.ts';
import { createLogger } from '../http/logger.ts';
import { startMailer } from '../mail/mailer.ts';
import type { Actor } from '../test/post-requests.ts';
import type { TestApp } from '../test/test-app.ts';
import { type NotificationMailOptions, startNotificationMail } from './notification-mail-worker.ts';
import { upsertNotifications } from './notification-upsert.ts';
import { loadUnsubscribeKey } from './unsubscribe-token.ts';

type Member = Actor & { user: { id: string } };

export const QUIET_MS = 2 * 60_000;
export const MAX_WAIT_MS = 15 * 60_000;

/**
 * The notification mail worker on the test app's database, with the real
 * mailer on its own loopback SMTP server (filing into the same mail_log), the
 * app's unsubscribe key, and a clock the test moves. Its timer never fires in
 * a test: the test calls `runOnce`.
 */
export async function startTestMailWorker(app: TestApp, overrides: Partial<NotificationMailOptions> = {}) {
  const logger = createLogger('silent');
  const mailer = await startMailer({ smtpUrl: undefined, from: app.config.mailFrom, db: app.db, logger });
  const clock = { now: Date.now() };
  const worker = startNotificationMail({
    db: app.db,
    mailer,
    logger,
    key: loadUnsubscribeKey(app.config),
    originOf: (subdomain) => campusSiteOrigin(subdomain, undefined, 8080),
    bannedEmails: new Set(),
    quietMs: QUIET_MS,
    maxWaitMs: MAX_WAIT_MS,
    intervalMs: 60 * 60_000,
    now: () => clock.now,
    ...overrides,
  });
  onTestFinished(async () => {
    await worker.stop();
    await mailer.close();
  });
  return {
    worker,
    clock,
    /** A pass as if `ms` had gone by since now. */
    runAfter(ms: number) {
      clock.now = Date.now() + ms;
      return worker.runOnce();
    },
  };
}

/** A chat between the two and a 'message' row for `to`, as the chat writer's inbox part writes it (decision 032). */
export async function messageFrom(app: TestApp, from: Member, to: Member, text: string): Promise<string> {
  const response = await app.request('/api/chats', { json: { userId: to.user.id }, session: from.session });
  const { chat } = (await response.json()) as StartChatResponse;
  await messageRow(app, from, to, chat.id, text);
  return chat.id;
}

/** A 'message' row for `to` in an existing chat, merged as the chat writer merges it. */
export async function messageRow(app: TestApp, from: Member, to: Member, chatId: string, text: string) {
  await upsertNotifications(
    app.db,
    [
      {
        campusId: 'ou',
        toUserId: to.user.id,
        type: 'message',
        mergeKey: `message:${chatId}`,
        fromUserId: from.user.id,
        postId: null,
        commentId: null,
        chatId,
        message: text,
        at: new Date().toISOString(),
      },
    ],
    'since read',
  );
}
