import { uuidv7 } from '@campus/shared/ids';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MailLogTable } from '../db/schema.ts';
import { unescapeHtml } from './escape-html.ts';

type MailLogRow = Selectable<MailLogTable>;

/** A stored mail as the dev mailbox shows it, with what a tester wants to click or type. */
export interface LoggedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  code: string | null;
  /** The List-* headers (List-Unsubscribe, List-Unsubscribe-Post), by name as sent. */
  headers: Record<string, string>;
  createdAt: string;
}

export async function insertMail(
  db: Db,
  mail: { to: string; subject: string; html: string; text: string; headers?: Record<string, string> },
  now: Date = new Date(),
): Promise<string> {
  const id = uuidv7(now.getTime());
  await db
    .insertInto('mail_log')
    .values({
      id,
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: JSON.stringify(mail.headers ?? {}),
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

/** Newest first; `to` matches the recipient case-insensitively, as mail addresses are in practice. */
export async function listMails(db: Db, options: { to?: string | undefined; limit: number }): Promise<LoggedMail[]> {
  let query = db.selectFrom('mail_log').selectAll();
  const to = options.to?.trim();
  if (to) query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map(toLoggedMail);
}

function toLoggedMail(row: MailLogRow): LoggedMail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: findLinks(row.text, row.html),
    code: findCode(row.subject),
    headers: JSON.parse(row.headers) as Record<string, string>,
    createdAt: row.created_at,
  };
}

/** Spec 1 §7: the subject starts with the 4-digit code; the first standalone 4 digits are it. */
function findCode(subject: string): string | null {
  return /(?<!\d)\d{4}(?!\d)/.exec(subject)?.[0] ?? null;
}

/**
 * Only http(s) links are picked up, so a mail cannot smuggle a `javascript:`
 * href onto the dev page. Links in HTML are entity-decoded (`&amp;` in a query).
 */
function findLinks(text: string, html: string): string[] {
  const pattern = /https?:\/\/[^\s"'<>]+/g;
  const found = [...(text.match(pattern) ?? []), ...(unescapeHtml(html).match(pattern) ?? [])];
  // Sentence punctuation after a URL in plain text is not part of it.
  return [...new Set(found.map((link) => link.replace(/[.,;:!?)\]]+$/, '')))];
}
