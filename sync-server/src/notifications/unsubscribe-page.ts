import { NOTIFICATION_MAIL_MESSAGES, NOTIFICATION_SETTINGS_PATH } from '@campus/shared/notification-mail';
import { escapeHtml } from '../mail/escape-html.ts';

/** Where the page's stylesheet is served: the CSP allows no inline <style> (decision 021), and the page has no script. */
export const UNSUBSCRIBE_CSS_PATH = '/unsubscribe.css';

/**
 * The page an e-mail's unsubscribe link opens (decision 033): calm, signed
 * out, no script; it says what happened and how to undo it in Settings.
 */
export function unsubscribePage({ site, isDone }: { site: string; isDone: boolean }): string {
  const heading = isDone ? NOTIFICATION_MAIL_MESSAGES.unsubscribed : 'This link did not work';
  const body = isDone ? NOTIFICATION_MAIL_MESSAGES.turnBackOn : NOTIFICATION_MAIL_MESSAGES.badLink;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} · ${escapeHtml(site)}</title><link rel="stylesheet" href="${UNSUBSCRIBE_CSS_PATH}"></head>
<body><main>
<p class="site">${escapeHtml(site)}</p>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(body)}</p>
<a class="button" href="${NOTIFICATION_SETTINGS_PATH}">Notification settings</a>
</main></body></html>`;
}
