import { createTransport } from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { type DevSmtpServer, startDevSmtpServer } from './dev-smtp-server.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe (decision 033). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
  /** 'embedded' when the loopback SMTP server is in use, else 'smtp'. */
  readonly kind: 'embedded' | 'smtp';
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  logger: Logger;
}

/**
 * nodemailer waits up to 2 minutes for a connection and 10 for a stalled
 * socket by default; a request that sends a code should fail sooner than
 * that. Query parameters in SMTP_URL (e.g. `?connectionTimeout=30000`)
 * still override these, because nodemailer merges URL options last.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * With SMTP_URL, mail goes to that server. Without it, an embedded loopback
 * SMTP server receives it and files it in `mail_log` for the dev mailbox;
 * either way every mail goes through a real SMTP conversation.
 */
export async function startMailer({ smtpUrl, from, db, logger }: MailerOptions): Promise<Mailer> {
  let embedded: DevSmtpServer | undefined;
  if (!smtpUrl) embedded = await startDevSmtpServer({ db, logger });

  const transport = embedded
    ? createTransport({
        host: '127.0.0.1',
        port: embedded.port,
        secure: false,
        // The loopback server offers no STARTTLS; don't look for it.
        ignoreTLS: true,
        ...TIMEOUTS,
      })
    : createTransport({ url: smtpUrl, ...TIMEOUTS });

  async function send(mail: OutgoingMail): Promise<void> {
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      logger.info('mail sent', { to: mail.to, subject: mail.subject });
    } catch (error) {
      logger.error('mail send failed', { to: mail.to, subject: mail.subject, error: String(error) });
      throw error;
    }
  }

  let closing: Promise<void> | undefined;
  function close(): Promise<void> {
    closing ??= (async () => {
      transport.close();
      await embedded?.close();
    })();
    return closing;
  }

  return { send, close, kind: embedded ? 'embedded' : 'smtp' };
}
