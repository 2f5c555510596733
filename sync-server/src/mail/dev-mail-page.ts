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

// A <style> block is allowed by the app's CSP (style-src 'unsafe-inline'); scripts are not, so the page has none.
const STYLE = `
body{margin:0;background:#f4f4f5;color:#18181b;font:15px/1.45 system-ui,sans-serif}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:22px;margin:0 0 12px}
form{display:flex;gap:8px;margin:0 0 20px}
input{flex:1;padding:8px;border:1px solid #d4d4d8;border-radius:6px;font:inherit}
button,.clear{padding:8px 14px;border:0;border-radius:6px;background:#18181b;color:#fff;font:inherit;text-decoration:none}
article{background:#fff;border-radius:8px;padding:16px;margin:0 0 14px;box-shadow:0 1px 2px #0001}
.meta{color:#52525b;font-size:13px}
.subject{font-weight:600;margin:4px 0 8px}
.code{font:700 34px/1.2 Menlo,Consolas,monospace;letter-spacing:6px;margin:4px 0 8px}
.links a{display:block;word-break:break-all;color:#2563eb;margin:2px 0}
pre{white-space:pre-wrap;word-break:break-word;background:#fafafa;border:1px solid #e4e4e7;border-radius:6px;padding:10px;font-size:13px}
.empty{color:#71717a;text-align:center;padding:40px 0}`;

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
<title>Dev mailbox</title><style>${STYLE}</style></head>
<body><main>
<h1>Dev mailbox</h1>
<form method="get"><input type="search" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient"><button type="submit">Filter</button></form>
${filter}
${body}
</main></body></html>`;
}
