import { NOTIFICATION_MAIL_MESSAGES, NOTIFICATION_SETTINGS_PATH } from '@campus/shared/notification-mail';
import { escapeHtml } from '../mail/escape-html.ts';

/** Where the page's stylesheet is served: the CSP allows no inline <style> (decision 021), and the page has no script. */
export const UNSUBSCRIBE_CSS_PATH = '/unsubscribe.css';

type UnsubscribePage =
  /** A valid link, opened: asks first, so a mail scanner that follows links turns nothing off. */
  { state: 'ask'; action: string } | { state: 'done' } | { state: 'bad link' };

/**
 * The pages an e-mail's unsubscribe link opens (decision 033): calm, signed
 * out, no script. The question's button posts the same address; the answer
 * says what happened and how to undo it in Settings.
 */
export function unsubscribePage(site: string, page: UnsubscribePage): string {
  const M = NOTIFICATION_MAIL_MESSAGES;
  const [heading, body] =
    page.state === 'ask'
      ? [M.confirmQuestion, M.confirmBody]
      : page.state === 'done'
        ? [M.unsubscribed, M.turnBackOn]
        : ['This link did not work', M.badLink];
  const action =
    page.state === 'ask'
      ? `<div class="actions"><form method="post" action="${escapeHtml(page.action)}"><button type="submit">${escapeHtml(M.confirmButton)}</button></form>
<a class="secondary" href="${NOTIFICATION_SETTINGS_PATH}">Notification settings</a></div>`
      : `<a class="button" href="${NOTIFICATION_SETTINGS_PATH}">Notification settings</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} · ${escapeHtml(site)}</title><link rel="stylesheet" href="${UNSUBSCRIBE_CSS_PATH}"></head>
<body><main>
<p class="site">${escapeHtml(site)}</p>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(body)}</p>
${action}
</main></body></html>`;
}
