import { CAMPUSES, DEFAULT_CAMPUS_ID } from '@campus/shared/campuses';
import { NOTIFICATION_SETTINGS_PATH } from '@campus/shared/notification-mail';
import { notificationLink, notificationText } from '@campus/shared/notification-text';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { timedUnit } from '../jobs/job-slices.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type DigestLine, notificationDigestMail } from '../mail/notification-digest-mail.ts';
import {
  findMailRecipient,
  findWaitingRecipients,
  findWaitingRows,
  markMailed,
  skipWaiting,
  type WaitingRow,
} from './notification-mail.repository.ts';
import { toNotificationDto } from './notifications.mapper.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export interface NotificationMailOptions {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Signs the unsubscribe links (unsubscribe-token.ts). */
  key: Buffer;
  /** A campus's own address by its subdomain: links point at the recipient's campus site. */
  originOf: (subdomain: string) => string;
  bannedEmails: ReadonlySet<string>;
  quietMs: number;
  maxWaitMs: number;
  intervalMs: number;
  now?: () => number;
}

export interface NotificationMail {
  /** One pass: mails every recipient whose news is due; answers how many mails went out. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/** Recipients looked at per pass, and rows listed in one mail (the rest waits for the next). */
const RECIPIENTS_PER_PASS = 200;
const LINES_PER_MAIL = 20;
/** After a failed send, that recipient waits this long before the next try. */
const RETRY_AFTER_MS = 60_000;
const QUOTE_LENGTH = 140;

const campusById = new Map(CAMPUSES.map((campus) => [campus.id, campus]));

function quoteOf(row: WaitingRow): string | null {
  const source = row.type === 'comment' || row.type === 'comment reply' ? row.comment_text : row.message;
  const quote = source?.replace(/\s+/g, ' ').trim();
  if (!quote) return null;
  return quote.length > QUOTE_LENGTH ? `${quote.slice(0, QUOTE_LENGTH - 1)}…` : quote;
}

function lineOf(row: WaitingRow, originOf: (subdomain: string) => string): DigestLine {
  const facts = toNotificationDto(row);
  const subdomain = campusById.get(row.campus_id)?.subdomain ?? DEFAULT_CAMPUS_ID;
  return {
    text: notificationText(facts),
    quote: quoteOf(row),
    url: `${originOf(subdomain)}${notificationLink(facts)}`,
  };
}

/**
 * Batched notification e-mail (spec 2 §4, issue 21; decision 033), a worker
 * the server starts beside its other timers. Every `intervalMs` it looks for
 * recipients with unread news not mailed yet, and mails each one whose
 * newest news is `quietMs` old (the burst is over) or whose oldest has
 * waited `maxWaitMs`: one mail listing all of it. The action's own request
 * never waits for this.
 */
export function startNotificationMail(options: NotificationMailOptions): NotificationMail {
  const { db, mailer, logger, key, originOf, bannedEmails, quietMs, maxWaitMs, intervalMs } = options;
  const now = options.now ?? Date.now;
  /** Since when each recipient has waited, as far as seen: a merged row that keeps moving does not restart the wait. */
  const waitingSince = new Map<string, number>();
  const retryAt = new Map<string, number>();

  async function mailRecipient(userId: string): Promise<boolean> {
    const user = await findMailRecipient(db, userId);
    const mayMail =
      user && user.email_notifications === 1 && user.verified === 1 && !bannedEmails.has(user.email.toLowerCase());
    if (!user || !mayMail) {
      await skipWaiting(db, userId);
      return false;
    }
    const rows = await findWaitingRows(db, userId, LINES_PER_MAIL);
    if (rows.length === 0) return false;
    const campus = campusById.get(user.campus_id) ?? campusById.get(DEFAULT_CAMPUS_ID);
    const origin = originOf(campus?.subdomain ?? DEFAULT_CAMPUS_ID);
    const token = encodeURIComponent(unsubscribeToken(key, user.id));
    const content = notificationDigestMail({
      firstName: user.first_name,
      campusShortName: campus?.shortName ?? 'Campus',
      lines: rows.map((row) => lineOf(row, originOf)),
      settingsUrl: `${origin}${NOTIFICATION_SETTINGS_PATH}`,
      unsubscribeUrl: `${origin}/unsubscribe?token=${token}`,
    });
    await mailer.send({
      to: user.email,
      ...content,
      // RFC 8058 one-click: a mail provider POSTs 'List-Unsubscribe=One-Click' to the https URL.
      headers: {
        'List-Unsubscribe': `<${origin}/api/notifications/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    await markMailed(db, rows);
    return true;
  }

  async function runOnce(): Promise<number> {
    const at = now();
    const waiting = await findWaitingRecipients(db, RECIPIENTS_PER_PASS);
    const stillWaiting = new Set(waiting.map((row) => row.to_user_id));
    for (const userId of waitingSince.keys()) if (!stillWaiting.has(userId)) waitingSince.delete(userId);
    let sent = 0;
    for (const { to_user_id: userId, newest, oldest } of waiting) {
      const since = Math.min(waitingSince.get(userId) ?? Number.POSITIVE_INFINITY, Date.parse(String(oldest)));
      waitingSince.set(userId, since);
      const isQuiet = Date.parse(String(newest)) <= at - quietMs;
      const hasWaitedLongEnough = since <= at - maxWaitMs;
      if (!(isQuiet || hasWaitedLongEnough) || (retryAt.get(userId) ?? 0) > at) continue;
      try {
        if (await timedUnit(logger, 'notification mail', { userId }, () => mailRecipient(userId))) sent += 1;
        retryAt.delete(userId);
        waitingSince.delete(userId);
      } catch (error) {
        retryAt.set(userId, at + RETRY_AFTER_MS);
        logger.error('notification mail failed', { userId, error: String(error) });
      }
    }
    return sent;
  }

  let stopped = false;
  let pass: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = runOnce()
        .catch((error: unknown) => logger.error('notification mail pass failed', { error: String(error) }))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
