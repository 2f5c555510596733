import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import type { PushPayload } from '@campus/shared/push-api';
import { afterEach, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../../tests/support/push-service/push-service.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { comment, save } from '../notifications/notifications.test-helpers.ts';
import { createPost } from '../test/factories.ts';
import { createMember, nextMillisecond } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { endpointsOf, subscribe } from './push.test-helpers.ts';
import { createPushSender, type PushSender } from './push-sender.ts';
import { pushServiceHosts } from './push-service-hosts.ts';
import { loadVapidKeys } from './vapid-keys.ts';

let service: PushService | undefined;
let sender: PushSender | undefined;
afterEach(async () => {
  await sender?.close();
  await service?.close();
});

/** The app, the real push worker on its database, and the stand-in push service it trusts. */
async function world(
  logger: Logger = createLogger('silent'),
): Promise<{ app: TestApp; pushService: PushService; pushSender: PushSender }> {
  // The stand-in runs on localhost: added as an operator adds a relay (PUSH_SERVICE_HOSTS), with the server's own guards.
  const app = await createTestApp({ pushServiceHosts: ['localhost'] });
  const hosts = pushServiceHosts(app.config.pushServiceHosts);
  service = await startPushService();
  sender = createPushSender({
    db: app.db,
    logger,
    vapidKeys: loadVapidKeys(app.config),
    concurrency: 4,
    ttlSeconds: 600,
    agent: new Agent({ ca: readFileSync(service.certFile), lookup: hosts.lookup }),
    isAllowedEndpoint: hosts.isAllowedEndpoint,
  });
  return { app, pushService: service, pushSender: sender };
}

async function deviceOf(app: TestApp, pushService: PushService, member: Awaited<ReturnType<typeof createMember>>) {
  const { publicKey } = (await (await app.request('/api/push/key')).json()) as { publicKey: string };
  const subscription = pushService.subscribe(publicKey);
  expect((await subscribe(app, member, subscription)).status).toBe(201);
  return subscription;
}

function payloads(pushService: PushService): PushPayload[] {
  return pushService.received.map((push) => JSON.parse(push.data) as PushPayload);
}

describe('the push worker', () => {
  it('pushes a comment and a save to the author’s device: VAPID checked, decrypted to the in-app words and link', async () => {
    const { app, pushService, pushSender } = await world();
    const author = await createMember(app);
    const buyer = await createMember(app, { first_name: 'Diego', last_name: 'R.' });
    const listing = await createPost(app.db, { user_id: author.user.id });
    const device = await deviceOf(app, pushService, author);
    await deviceOf(app, pushService, buyer);

    await comment(app, buyer, listing.id, 'Is it available?');
    await save(app, buyer, listing.id);
    pushSender.poke();
    await pushSender.idle();

    expect(pushService.refused).toEqual([]);
    expect(pushService.received.map((push) => [push.endpoint, push.ttl])).toEqual([
      [device.endpoint, 600],
      [device.endpoint, 600],
    ]);
    expect(payloads(pushService)).toEqual([
      {
        title: 'Diego R. commented on your post',
        body: 'Is it available?',
        url: expect.stringMatching(new RegExp(`^/post/${listing.id}#comment-[\\w-]+$`)),
        tag: expect.any(String),
        icon: `/brand/${author.user.campus_id}/icon-192.png`,
      },
      {
        title: 'Diego R. saved your post',
        body: '',
        url: `/post/${listing.id}`,
        tag: expect.any(String),
        icon: `/brand/${author.user.campus_id}/icon-192.png`,
      },
    ]);
    // Nothing to the actor, and the log is drained.
    expect(await app.db.selectFrom('push_deliveries').selectAll().execute()).toEqual([]);
  });

  it('never calls a stored endpoint that is not a push service (a row from before the rule), and forgets it', async () => {
    const { app, pushService, pushSender } = await world();
    const author = await createMember(app);
    const buyer = await createMember(app);
    const listing = await createPost(app.db, { user_id: author.user.id });
    const kept = await deviceOf(app, pushService, author);
    const stale = pushService.subscribe('unused');
    // Stored before subscriptions were checked (issue 35 item 5): a loopback address, not the stand-in's name.
    const staleEndpoint = stale.endpoint.replace('https://localhost:', 'https://127.0.0.1:');
    await app.db
      .updateTable('push_subscriptions')
      .set({ endpoint: staleEndpoint })
      .where('endpoint', '=', (await deviceOf(app, pushService, author)).endpoint)
      .execute();

    await comment(app, buyer, listing.id, 'Is it available?');
    pushSender.poke();
    await pushSender.idle();

    expect(pushService.received.map((push) => push.endpoint)).toEqual([kept.endpoint]);
    const endpoints = await app.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(endpoints.map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });

  // issue 35 item 8: keys stored before they were checked failed every push, each an error in the log.
  it('never sends to keys no push can be encrypted for (a row from before the rule): forgets them, logs nothing', async () => {
    const errors: string[] = [];
    const { app, pushService, pushSender } = await world({
      info: () => undefined,
      error: (message) => void errors.push(message),
    });
    const author = await createMember(app);
    const buyer = await createMember(app);
    const listing = await createPost(app.db, { user_id: author.user.id });
    const kept = await deviceOf(app, pushService, author);
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const broken = [
      { p256dh: offCurve, auth: Buffer.alloc(16, 2).toString('base64url') },
      { p256dh: kept.keys.p256dh, auth: Buffer.alloc(5, 2).toString('base64url') },
    ];
    const brokenEndpoints: string[] = [];
    for (const keys of broken) {
      const endpoint = (await deviceOf(app, pushService, author)).endpoint;
      brokenEndpoints.push(endpoint);
      await app.db.updateTable('push_subscriptions').set(keys).where('endpoint', '=', endpoint).execute();
    }

    await comment(app, buyer, listing.id, 'Is it available?');
    pushSender.poke();
    await pushSender.idle();

    expect(errors).toEqual([]);
    expect(pushService.received.map((push) => push.endpoint)).toEqual([kept.endpoint]);
    expect((await endpointsOf(app, author.user.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(brokenEndpoints).toHaveLength(2);
  });

  it('a 410 from the push service removes that subscription; the recipient’s other device still gets the push', async () => {
    const { app, pushService, pushSender } = await world();
    const author = await createMember(app);
    const buyer = await createMember(app);
    const listing = await createPost(app.db, { user_id: author.user.id });
    const gone = await deviceOf(app, pushService, author);
    const kept = await deviceOf(app, pushService, author);
    pushService.markGone(gone.endpoint, 410);

    await comment(app, buyer, listing.id, 'Still for sale?');
    pushSender.poke();
    await pushSender.idle();

    expect(pushService.received.map((push) => push.endpoint)).toEqual([kept.endpoint]);
    expect((await endpointsOf(app, author.user.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });

  it('a 404 removes it too; a 500 keeps it', async () => {
    const { app, pushService, pushSender } = await world();
    const author = await createMember(app);
    const buyer = await createMember(app);
    const listing = await createPost(app.db, { user_id: author.user.id });
    const gone = await deviceOf(app, pushService, author);
    pushService.markGone(gone.endpoint, 404);
    await comment(app, buyer, listing.id, 'Hello?');
    pushSender.poke();
    await pushSender.idle();
    expect(await endpointsOf(app, author.user.id)).toEqual([]);
  });

  it('pushes nothing for an action the recipient may not hear of, nor to a device subscribed on another campus', async () => {
    const { app, pushService, pushSender } = await world();
    const [seller, reader, blocked] = [await createMember(app), await createMember(app), await createMember(app)];
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, reader, listing.id, 'Following this');
    const blocking = await app.request(`/api/users/${blocked.user.id}/block`, {
      method: 'PUT',
      session: reader.session,
      host: reader.host,
    });
    expect(blocking.status).toBeLessThan(300);
    await deviceOf(app, pushService, reader);
    // The same student's device subscribed on the UT site hears nothing of OU.
    await deviceOf(app, pushService, { ...reader, host: 'utexas.localhost' });

    // A blocked student's comment in the thread, and the reader's own: nothing for the reader.
    await comment(app, blocked, listing.id, 'From a blocked student');
    await comment(app, reader, listing.id, 'My own comment');
    pushSender.poke();
    await pushSender.idle();
    expect(pushService.received).toEqual([]);
  });

  it('an unsave changes the in-app row without pushing', async () => {
    const { app, pushService, pushSender } = await world();
    const author = await createMember(app);
    const [first, second] = [await createMember(app), await createMember(app)];
    const listing = await createPost(app.db, { user_id: author.user.id });
    await deviceOf(app, pushService, author);
    await save(app, first, listing.id);
    pushSender.poke();
    await pushSender.idle();
    await nextMillisecond();
    await save(app, second, listing.id);
    pushSender.poke();
    await pushSender.idle();
    expect(payloads(pushService).map((payload) => payload.title)).toEqual([
      `${first.user.first_name} ${first.user.last_name} saved your post`,
      `${second.user.first_name} ${second.user.last_name} and 1 other saved your post`,
    ]);
    // The second saver changes their mind: the row names the first again, one fewer, and is not pushed.
    await save(app, second, listing.id, 'DELETE');
    pushSender.poke();
    await pushSender.idle();
    const [row] = await app.db.selectFrom('notifications').select(['from_user_id', 'actor_count']).execute();
    expect(row).toEqual({ from_user_id: first.user.id, actor_count: 1 });
    expect(pushService.received).toHaveLength(2);
  });
});
