import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { devMailRoutes } from './dev-mail.routes.ts';
import { relativeTime } from './dev-mail-page.ts';
import { insertMail, type LoggedMail } from './mail-log.repository.ts';
import { signInLinkMail, verificationCodeMail } from './mail-templates.ts';

const databases: Db[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.destroy();
});

async function setUp() {
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  databases.push(db);
  const app = new Hono().route('/', devMailRoutes(db));
  return { db, app };
}

const SIGN_IN_URL = 'http://ou.localhost/login/sent?email=ben%40ou.edu&first=Ben&token=t1';

async function seedTwoMails(db: Db) {
  await insertMail(
    db,
    { to: 'ana@ou.edu', ...verificationCodeMail({ code: '4821', campusShortName: 'OU' }) },
    new Date(Date.now() - 10 * 60_000),
  );
  await insertMail(db, { to: 'Ben@ou.edu', ...signInLinkMail({ url: SIGN_IN_URL, campusShortName: 'OU' }) });
}

describe('GET /dev/mail', () => {
  it('lists subject, big code, clickable links and the text body', async () => {
    const { db, app } = await setUp();
    await seedTwoMails(db);
    const response = await app.request('/dev/mail');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<title>Dev mailbox</title>');
    expect(page).toContain('4821 is your OU Buy / Sell verification code');
    expect(page).toContain('<div class="code">4821</div>');
    expect(page).toContain(`<a href="${SIGN_IN_URL.replace(/&/g, '&amp;')}"`);
    expect(page).toContain('<pre>Your OU Buy / Sell verification code is:');
    expect(page).toContain('10 min ago');
    expect(page).not.toContain('<script');
    // Newest first: Ben's sign-in link above Ana's code.
    expect(page.indexOf('Sign in to OU Buy / Sell')).toBeLessThan(page.indexOf('4821 is your'));
  });

  it('filters by recipient case-insensitively with ?to=', async () => {
    const { db, app } = await setUp();
    await seedTwoMails(db);
    const page = await (await app.request('/dev/mail?to=BEN@OU.EDU')).text();
    expect(page).toContain('Sign in to OU Buy / Sell');
    expect(page).not.toContain('4821 is your');
    expect(page).toContain('value="BEN@OU.EDU"');
  });

  it('shows a friendly empty state', async () => {
    const { app } = await setUp();
    expect(await (await app.request('/dev/mail')).text()).toContain('No mail yet');
  });

  it('escapes HTML in the subject, recipient, body and filter', async () => {
    const { db, app } = await setUp();
    await insertMail(db, {
      to: '"><img src=x onerror=alert(1)>@ou.edu',
      subject: '<script>alert(1)</script> 1234',
      html: '<a href="javascript:alert(1)">x</a>',
      text: '</pre><script>alert(2)</script>',
    });
    const page = await (await app.request('/dev/mail?to=%22%3E%3Cscript%3E')).text();
    const all = await (await app.request('/dev/mail')).text();
    for (const html of [page, all]) expect(html).not.toMatch(/<script|<img|javascript:/);
    expect(all).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 1234');
    expect(all).toContain('&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });
});

describe('GET /api/dev/mail', () => {
  it('returns mails newest first with links and code', async () => {
    const { db, app } = await setUp();
    await seedTwoMails(db);
    const response = await app.request('/api/dev/mail');
    expect(response.status).toBe(200);
    const { mails } = (await response.json()) as { mails: LoggedMail[] };
    expect(mails).toHaveLength(2);
    expect(Object.keys(mails[0] ?? {}).sort()).toEqual(
      ['code', 'createdAt', 'headers', 'html', 'id', 'links', 'subject', 'text', 'to'].sort(),
    );
    expect(mails[0]?.headers).toEqual({});
    expect(mails[0]).toMatchObject({ to: 'Ben@ou.edu', subject: 'Sign in to OU Buy / Sell', code: null });
    expect(mails[0]?.links).toEqual([SIGN_IN_URL]);
    expect(mails[1]).toMatchObject({ to: 'ana@ou.edu', code: '4821', links: [] });
    expect(mails[1]?.text).toContain('two hours');
  });

  it('filters with ?to= and caps the list at the newest 50', async () => {
    const { db, app } = await setUp();
    const start = Date.now() - 60 * 60_000;
    for (let index = 0; index < 55; index++) {
      await insertMail(
        db,
        { to: 'bulk@ou.edu', subject: `mail ${index}`, html: '', text: '' },
        new Date(start + index),
      );
    }
    await insertMail(db, { to: 'other@ou.edu', subject: 'other', html: '', text: '' });
    const bulk = (await (await app.request('/api/dev/mail?to=Bulk@OU.edu')).json()) as { mails: LoggedMail[] };
    expect(bulk.mails).toHaveLength(50);
    expect(bulk.mails[0]?.subject).toBe('mail 54');
    expect(bulk.mails.at(-1)?.subject).toBe('mail 5');
    const none = (await (await app.request('/api/dev/mail?to=nobody@ou.edu')).json()) as { mails: LoggedMail[] };
    expect(none.mails).toEqual([]);
  });

  it('ignores non-http links so a mail cannot put a javascript: href on the page', async () => {
    const { db, app } = await setUp();
    await insertMail(db, { to: 'a@ou.edu', subject: 's', html: '<a href="javascript:alert(1)">x</a>', text: '' });
    const { mails } = (await (await app.request('/api/dev/mail')).json()) as { mails: LoggedMail[] };
    expect(mails[0]?.links).toEqual([]);
  });
});

describe('relativeTime', () => {
  it('reads naturally from seconds to days', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(relativeTime('2026-11-21T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-11-21T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toBe('2 d ago');
  });
});
