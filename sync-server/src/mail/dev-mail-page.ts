import { escapeHtml } from './escape-html.ts';
import type { LoggedMail } from './mail-log.repository.ts';

/** "just now", "5 min ago", "3 h ago", "2 d ago": enough to tell today's code from yesterday's. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/** Where the page's stylesheet is served: the CSP allows no inline <style> (decision 021), and the page has no script. */
export const DEV_MAIL_CSS_PATH = '/dev/mail.css';

function mailCard(mail: LoggedMail, now: Date): string {
  const code = mail.code ? `<div class="code">${escapeHtml(mail.code)}</div>` : '';
  const links = mail.links.length
    ? `<div class="links">${mail.links
        .map((link) => `<a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a>`)
        .join('')}</div>`
    : '';
  return `<article>
<div class="meta">To <a href="${escapeHtml(`?to=${encodeURIComponent(mail.to)}`)}">${escapeHtml(mail.to)}</a> · <time datetime="${escapeHtml(mail.createdAt)}" title="${escapeHtml(mail.createdAt)}">${relativeTime(mail.createdAt, now)}</time></div>
<div class="subject">${escapeHtml(mail.subject)}</div>
${code}${links}<pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

/** The dev mailbox: newest mail first, codes big and links clickable, for signing in without a real inbox. */
export function devMailPage(mails: LoggedMail[], to: string | undefined, now: Date = new Date()): string {
  const filter = to ? `<p class="meta">Showing mail to ${escapeHtml(to)} · <a href="?">show all</a></p>` : '';
  const body = mails.length
    ? mails.map((mail) => mailCard(mail, now)).join('\n')
    : `<p class="empty">No mail yet${to ? ` to ${escapeHtml(to)}` : ''}. Codes and sign-in links sent by the app appear here.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title><link rel="stylesheet" href="${DEV_MAIL_CSS_PATH}"></head>
<body><main>
<h1>Dev mailbox</h1>
<form method="get"><input type="search" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient"><button type="submit">Filter</button></form>
${filter}
${body}
</main></body></html>`;
}
