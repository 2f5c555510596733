import { connect } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { devMailRoutes } from './dev-mail.routes.ts';
import { startDevSmtpServer } from './dev-smtp-server.ts';
import type { LoggedMail } from './mail-log.repository.ts';
import { signInLinkMail, verificationCodeMail } from './mail-templates.ts';
import { startMailer } from './mailer.ts';

const FROM = 'Campus Buy / Sell <no-reply@campus.test>';
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDb(): Promise<Db> {
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  cleanups.push(() => db.destroy());
  return db;
}

function recordingLogger() {
  const lines: Array<{ level: 'info' | 'error'; message: string; fields?: Record<string, unknown> }> = [];
  const logger: Logger = {
    info: (message, fields) => lines.push({ level: 'info', message, ...(fields ? { fields } : {}) }),
    error: (message, fields) => lines.push({ level: 'error', message, ...(fields ? { fields } : {}) }),
  };
  return { logger, lines };
}

async function embeddedMailer(db: Db, logger: Logger = recordingLogger().logger) {
  const mailer = await startMailer({ smtpUrl: undefined, from: FROM, db, logger });
  cleanups.push(() => mailer.close());
  return mailer;
}

/** Resolves with the socket error code, or 'connected' if something still listens. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('embedded mailer', () => {
  it('delivers a verification mail over SMTP into mail_log before send resolves', async () => {
    const db = await freshDb();
    const { logger, lines } = recordingLogger();
    const mailer = await embeddedMailer(db, logger);
    expect(mailer.kind).toBe('embedded');

    await mailer.send({ to: 'ana@ou.edu', ...verificationCodeMail({ code: '4821', campusShortName: 'OU' }) });

    const rows = await db.selectFrom('mail_log').selectAll().execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.to_address).toBe('ana@ou.edu');
    expect(row?.subject).toBe('4821 is your OU Buy / Sell verification code');
    expect(row?.text).toContain('4821');
    expect(row?.text).toContain('two hours');
    expect(row?.html).toContain('4821');
    expect(Date.parse(row?.created_at ?? '')).not.toBeNaN();
    expect(lines).toContainEqual({
      level: 'info',
      message: 'mail sent',
      fields: { to: 'ana@ou.edu', subject: '4821 is your OU Buy / Sell verification code' },
    });
  });

  it('keeps mail to two recipients apart, listed newest first by the dev mail routes', async () => {
    const db = await freshDb();
    const mailer = await embeddedMailer(db);
    const url = 'http://ou.localhost/login/sent?email=ben%40ou.edu&token=xyz';
    await mailer.send({ to: 'ana@ou.edu', ...verificationCodeMail({ code: '1234', campusShortName: 'OU' }) });
    await mailer.send({ to: 'Ben@OU.edu', ...signInLinkMail({ url, campusShortName: 'OU' }) });

    const app = new Hono().route('/', devMailRoutes(db));
    const all = (await (await app.request('/api/dev/mail')).json()) as { mails: LoggedMail[] };
    // nodemailer lower-cases the domain of envelope addresses (IDN normalisation); the local part keeps its case.
    expect(all.mails.map((mail) => [mail.to, mail.subject, mail.code])).toEqual([
      ['Ben@ou.edu', 'Sign in to OU Buy / Sell', null],
      ['ana@ou.edu', '1234 is your OU Buy / Sell verification code', '1234'],
    ]);
    expect(all.mails[0]?.links).toEqual([url]);

    const ben = (await (await app.request('/api/dev/mail?to=ben@ou.edu')).json()) as { mails: LoggedMail[] };
    expect(ben.mails.map((mail) => mail.to)).toEqual(['Ben@ou.edu']);
  });

  it('sends extra headers over SMTP, and the dev mailbox keeps the List-* ones as sent (decision 033)', async () => {
    const db = await freshDb();
    const mailer = await embeddedMailer(db);
    const oneClick = `<http://ou.localhost/api/notifications/unsubscribe?token=${'a'.repeat(90)}>`;
    await mailer.send({
      to: 'ana@ou.edu',
      subject: 'News',
      html: '<p>News</p>',
      text: 'News',
      headers: { 'List-Unsubscribe': oneClick, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-Other': 'x' },
    });
    const app = new Hono().route('/', devMailRoutes(db));
    const { mails } = (await (await app.request('/api/dev/mail')).json()) as { mails: LoggedMail[] };
    // A long header is folded on the wire and unfolded here; headers other than List-* are not kept.
    expect(mails[0]?.headers).toEqual({
      'List-Unsubscribe': oneClick,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('rejects and logs after close, because close stopped the embedded server', async () => {
    const db = await freshDb();
    const { logger, lines } = recordingLogger();
    const mailer = await embeddedMailer(db, logger);
    await mailer.close();

    await expect(mailer.send({ to: 'ana@ou.edu', subject: 'late', html: '', text: 'late' })).rejects.toThrow();
    expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['mail send failed']);
    expect(await db.selectFrom('mail_log').selectAll().execute()).toEqual([]);
  });

  it('rejects a message over the size limit without storing it', async () => {
    const db = await freshDb();
    const mailer = await embeddedMailer(db);
    const huge = 'x'.repeat(6 * 1024 * 1024);
    await expect(mailer.send({ to: 'ana@ou.edu', subject: 'huge', html: '', text: huge })).rejects.toThrow(/552/);
    expect(await db.selectFrom('mail_log').selectAll().execute()).toEqual([]);
  });
});

describe('dev SMTP server', () => {
  it('frees its port on close: the old port refuses connections and a new server starts', async () => {
    const db = await freshDb();
    const first = await startDevSmtpServer({ db, logger: recordingLogger().logger });
    expect(await tryConnect(first.port)).toBe('connected');
    await first.close();
    expect(await tryConnect(first.port)).toBe('ECONNREFUSED');

    const second = await startDevSmtpServer({ db, logger: recordingLogger().logger });
    cleanups.push(() => second.close());
    expect(await tryConnect(second.port)).toBe('connected');
  });
});

describe('mailer with SMTP_URL', () => {
  it('speaks real SMTP to the given server and stores nothing locally', async () => {
    const localDb = await freshDb();
    const remoteDb = await freshDb();
    const remote = await startDevSmtpServer({ db: remoteDb, logger: recordingLogger().logger });
    cleanups.push(() => remote.close());
    const mailer = await startMailer({
      smtpUrl: `smtp://127.0.0.1:${remote.port}`,
      from: FROM,
      db: localDb,
      logger: recordingLogger().logger,
    });
    cleanups.push(() => mailer.close());
    expect(mailer.kind).toBe('smtp');

    await mailer.send({ to: 'cal@ou.edu', ...verificationCodeMail({ code: '9876', campusShortName: 'OU' }) });

    const remoteRows = await remoteDb.selectFrom('mail_log').select(['to_address', 'subject']).execute();
    expect(remoteRows).toEqual([{ to_address: 'cal@ou.edu', subject: '9876 is your OU Buy / Sell verification code' }]);
    expect(await localDb.selectFrom('mail_log').selectAll().execute()).toEqual([]);
  });

  it('rejects when the SMTP server is unreachable', async () => {
    const db = await freshDb();
    const gone = await startDevSmtpServer({ db, logger: recordingLogger().logger });
    await gone.close();
    const { logger, lines } = recordingLogger();
    const mailer = await startMailer({ smtpUrl: `smtp://127.0.0.1:${gone.port}`, from: FROM, db, logger });
    cleanups.push(() => mailer.close());

    await expect(mailer.send({ to: 'ana@ou.edu', subject: 's', html: '', text: 't' })).rejects.toThrow(/ECONNREFUSED/);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'mail send failed' }));
  });
});
