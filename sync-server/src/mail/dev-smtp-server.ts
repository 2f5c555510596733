import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { insertMail } from './mail-log.repository.ts';

export interface DevSmtpServer {
  port: number;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;
/** Our own transport QUITs after each mail, so a short grace period only matters for stuck clients. */
const CLOSE_GRACE_MS = 1_000;

/** An SMTP error with the reply code the client sees (smtp-server reads `responseCode`). */
function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** The List-* headers as sent (mailparser parses them into objects; the raw line is what a client reads). */
function listHeaders(lines: ReadonlyArray<{ key: string; line: string }>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { key, line } of lines) {
    if (!key.startsWith('list-')) continue;
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    found[line.slice(0, line.indexOf(':'))] = value;
  }
  return found;
}

/**
 * A loopback SMTP server that files every message in `mail_log`, so that
 * development and tests exercise a real SMTP conversation and the dev
 * mailbox can show what was sent. Listens on 127.0.0.1 only: no auth, no TLS.
 */
export async function startDevSmtpServer({ db, logger }: { db: Db; logger: Logger }): Promise<DevSmtpServer> {
  async function store(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const parsed = await simpleParser(stream);
    if (stream.sizeExceeded) throw smtpError('Message too large', 552);
    const to = session.envelope.rcptTo[0]?.address;
    if (!to) throw smtpError('No recipient', 554);
    await insertMail(db, {
      to,
      subject: parsed.subject ?? '',
      html: parsed.html || '', // mailparser gives `false` when there is no HTML part
      text: parsed.text ?? '',
      headers: listHeaders(parsed.headerLines),
    });
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Every client is on loopback; a reverse DNS lookup per connection only adds latency.
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    closeTimeout: CLOSE_GRACE_MS,
    onData(stream, session, callback) {
      // Acknowledge only once the row is written: when `send` resolves the mail is in the mailbox.
      store(stream, session).then(
        () => callback(),
        (error: unknown) => {
          logger.error('dev smtp: could not store mail', { error: String(error) });
          // Drain whatever the parser left unread so the SMTP session can reply.
          stream.resume();
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  server.on('error', (error) => logger.error('dev smtp server error', { error: String(error) }));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('dev smtp server has no TCP address');

  let closing: Promise<void> | undefined;
  return {
    port: address.port,
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closing;
    },
  };
}
