import { escapeHtml } from './escape-html.ts';
import { layout, type MailContent, paragraph } from './mail-templates.ts';

/** One thing that happened: the sentence, a quote of the comment or message if any, and where it is. */
export interface DigestLine {
  text: string;
  quote: string | null;
  url: string;
}

export interface DigestMailInput {
  firstName: string;
  campusShortName: string;
  /** Newest first. */
  lines: DigestLine[];
  settingsUrl: string;
  unsubscribeUrl: string;
}

const LINK_STYLE = 'color:#2563eb;text-decoration:none;font-weight:600;';
const QUOTE_STYLE = 'display:block;margin-top:4px;color:#52525b;font-size:14px;';
const FOOTER_STYLE = 'font-size:13px;color:#71717a;margin-top:24px;';

/** 'Marcus T. commented on your post' for one line; for several, how many (decision 033). */
function subjectOf(lines: DigestLine[], site: string): string {
  const [first] = lines;
  if (lines.length === 1 && first) return first.text;
  return `${lines.length} new notifications on ${site}`;
}

/** spec 2 §4 notification e-mail: one per recipient and burst, listing what happened, each with its link. */
export function notificationDigestMail(input: DigestMailInput): MailContent {
  const site = `${input.campusShortName} Buy / Sell`;
  const subject = subjectOf(input.lines, site);
  const items = input.lines
    .map((line) => {
      const quote = line.quote ? `<span style="${QUOTE_STYLE}">“${escapeHtml(line.quote)}”</span>` : '';
      return paragraph(`<a href="${escapeHtml(line.url)}" style="${LINK_STYLE}">${escapeHtml(line.text)}</a>${quote}`);
    })
    .join('\n');
  const footer = paragraph(
    `You get these e-mails because notification e-mails are on for your ${escapeHtml(site)} account. ` +
      `<a href="${escapeHtml(input.settingsUrl)}" style="color:#71717a;">Notification settings</a> · ` +
      `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#71717a;">Unsubscribe</a>`,
    FOOTER_STYLE,
  );
  const html = layout(
    escapeHtml(subject),
    [paragraph(`Hi ${escapeHtml(input.firstName)}, here is what happened on ${escapeHtml(site)}:`), items, footer].join(
      '\n',
    ),
  );
  const text = [
    `Hi ${input.firstName}, here is what happened on ${site}:`,
    '',
    ...input.lines.flatMap((line) => [line.text, ...(line.quote ? [`“${line.quote}”`] : []), line.url, '']),
    `You get these e-mails because notification e-mails are on for your ${site} account.`,
    `Notification settings: ${input.settingsUrl}`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  return { subject, html, text };
}
