import { escapeHtml } from './escape-html.ts';
import type { OutgoingMail } from './mailer.ts';

export type MailContent = Omit<OutgoingMail, 'to'>;

/** Spec 1 §5/§9: codes are 4 digits and expire after two hours. */
const CODE_EXPIRY_SENTENCE = 'This code expires after two hours.';
/** Sign-in and reset links are single use and short-lived; see the email_tokens table. */
const LINK_EXPIRY = '1 hour';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * Mail clients ignore <style> blocks and most CSS, so the layout is one
 * centred table with inline styles only. Every argument is already escaped.
 */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;font-family:${FONT};color:#18181b;">
<tr><td style="padding:32px 28px;font-size:16px;line-height:1.5;">
${bodyHtml}
</td></tr></table>
</td></tr></table>
</body></html>`;
}

export function paragraph(html: string, extraStyle = ''): string {
  return `<p style="margin:0 0 16px;${extraStyle}">${html}</p>`;
}

/** A table-cell button renders in Outlook too; the raw URL below it helps when buttons are blocked. */
function button(url: string, label: string): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;"><tr>
<td style="border-radius:6px;background:#18181b;"><a href="${href}" style="display:inline-block;padding:12px 22px;color:#ffffff;text-decoration:none;font-weight:600;">${escapeHtml(label)}</a></td>
</tr></table>
${paragraph(`Or paste this link into your browser:<br><a href="${href}" style="color:#2563eb;word-break:break-all;">${href}</a>`, 'font-size:13px;color:#52525b;')}`;
}

function ignoreNote(): string {
  return paragraph("If you didn't ask for this, you can ignore this e-mail.", 'font-size:13px;color:#71717a;');
}

export function verificationCodeMail({
  code,
  campusShortName,
}: {
  code: string;
  campusShortName: string;
}): MailContent {
  const site = `${campusShortName} Buy / Sell`;
  const subject = `${code} is your ${site} verification code`;
  const html = layout(
    escapeHtml(subject),
    [
      paragraph(`Enter this code in ${escapeHtml(site)} to confirm your e-mail address:`),
      `<p style="margin:0 0 16px;font-size:36px;font-weight:700;letter-spacing:8px;font-family:Menlo,Consolas,monospace;">${escapeHtml(code)}</p>`,
      paragraph(CODE_EXPIRY_SENTENCE),
      ignoreNote(),
    ].join('\n'),
  );
  const text = [
    `Your ${site} verification code is:`,
    '',
    code,
    '',
    CODE_EXPIRY_SENTENCE,
    '',
    "If you didn't ask for this, you can ignore this e-mail.",
  ].join('\n');
  return { subject, html, text };
}

export function signInLinkMail({ url, campusShortName }: { url: string; campusShortName: string }): MailContent {
  const site = `${campusShortName} Buy / Sell`;
  const subject = `Sign in to ${site}`;
  const expiry = `This link signs you in once and expires in ${LINK_EXPIRY}.`;
  const html = layout(
    escapeHtml(subject),
    [
      paragraph(`Tap the button to sign in to ${escapeHtml(site)}.`),
      button(url, `Sign in to ${site}`),
      paragraph(expiry),
      ignoreNote(),
    ].join('\n'),
  );
  const text = [
    `Sign in to ${site} with this link:`,
    '',
    url,
    '',
    expiry,
    "If you didn't ask for this, you can ignore this e-mail.",
  ].join('\n');
  return { subject, html, text };
}

export function passwordResetMail({ url, campusShortName }: { url: string; campusShortName: string }): MailContent {
  const site = `${campusShortName} Buy / Sell`;
  const subject = `Reset your ${site} password`;
  const expiry = `This link works once and expires in ${LINK_EXPIRY}.`;
  const html = layout(
    escapeHtml(subject),
    [
      paragraph(`Someone asked to reset the password of your ${escapeHtml(site)} account.`),
      button(url, 'Reset password'),
      paragraph(expiry),
      paragraph(
        "If you didn't ask for this, you can ignore this e-mail; your password stays the same.",
        'font-size:13px;color:#71717a;',
      ),
    ].join('\n'),
  );
  const text = [
    `Reset your ${site} password with this link:`,
    '',
    url,
    '',
    expiry,
    "If you didn't ask for this, you can ignore this e-mail; your password stays the same.",
  ].join('\n');
  return { subject, html, text };
}
