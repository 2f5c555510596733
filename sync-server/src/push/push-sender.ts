import type { Agent } from 'node:https';
import type { PushPayload } from '@campus/shared/push-api';
import webPush, { WebPushError } from 'web-push';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import {
  deleteDeliveries,
  findDevicesOf,
  findNotificationsToPush,
  readDeliveries,
} from './push-deliveries.repository.ts';
import { arePushKeysUsable } from './push-keys.ts';
import { toPushPayload } from './push-payload.ts';
import { deleteSubscriptionByEndpoint } from './push-subscriptions.repository.ts';
import { createVapidAuthorization } from './vapid-authorization.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushSender {
  /** Something may have been written: drain the delivery log soon (after the current response is sent). */
  poke(): void;
  /** Resolves when the log is drained and every push of it answered (tests, benches, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface PushSenderOptions {
  db: Db;
  logger: Logger;
  vapidKeys: VapidKeys;
  concurrency: number;
  ttlSeconds: number;
  /** Keeps connections to push services open; in tests it also trusts the stand-in's certificate. */
  agent: Agent;
  /** Endpoints on a push service (push-service-hosts.ts); others are dropped unsent. */
  isAllowedEndpoint?: (endpoint: string) => boolean;
  /** The fallback poll, for writes nothing poked about. */
  pollMs?: number;
}

/**
 * How long a poke waits before draining: a burst of writes becomes one drain, and the answer of
 * the request that wrote is read by its client before the push work takes the CPU (with 20 ms, on
 * two busy cores, up to 36 of 1,000 pushes were out before the bench's client had read its answer;
 * with 50, none). A push 50 ms later is not noticed.
 */
const POKE_DELAY_MS = 50;
/** A push service that answers slower than this gets the next push anyway. */
const SEND_TIMEOUT_MS = 10_000;
/** RFC 8030 §6.4: 404 and 410 mean the subscription is gone for good. */
const GONE = new Set([404, 410]);

interface Job {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: PushPayload;
}

/** Runs `work` over `items` with at most `limit` at once; one failing item never stops the others. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * The push worker (decision 034): drains `push_deliveries`, which triggers
 * fill in the transaction of the action, after the commit and outside the
 * request; sends each row to every device of its recipient on its campus.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, logger, vapidKeys, concurrency, ttlSeconds, agent } = options;
  const authorizationFor = createVapidAuthorization(vapidKeys);
  let running: Promise<void> | null = null;
  let isPoked = false;
  let isClosed = false;
  let pokeTimer: NodeJS.Timeout | null = null;

  async function send(job: Job): Promise<void> {
    // A row from before the push-service and key rules (issue 35): never sent to, and forgotten (each
    // send to keys no push can be encrypted for logged an error).
    if ((options.isAllowedEndpoint && !options.isAllowedEndpoint(job.endpoint)) || !arePushKeysUsable(job.keys)) {
      await deleteSubscriptionByEndpoint(db, job.endpoint);
      return;
    }
    try {
      await webPush.sendNotification({ endpoint: job.endpoint, keys: job.keys }, JSON.stringify(job.payload), {
        // The VAPID header comes signed and cached per push service (no vapidDetails: web-push would sign each).
        headers: { Authorization: authorizationFor(job.endpoint) },
        TTL: ttlSeconds,
        agent,
        timeout: SEND_TIMEOUT_MS,
      });
    } catch (error) {
      if (error instanceof WebPushError && GONE.has(error.statusCode)) {
        await deleteSubscriptionByEndpoint(db, job.endpoint);
        return;
      }
      // Not retried: the in-app row stays, and the next action on it pushes again.
      const status = error instanceof WebPushError ? error.statusCode : undefined;
      logger.error('push failed', { status, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function drainOnce(): Promise<boolean> {
    const batch = await readDeliveries(db);
    if (batch === null) return false;
    const rows = await findNotificationsToPush(db, batch.notificationIds);
    const payloads = new Map(rows.map((row) => [row.id, toPushPayload(row)]));
    const devices = await findDevicesOf(db, [...payloads.keys()]);
    const jobs: Job[] = devices.flatMap((device) => {
      const payload = payloads.get(device.notification_id);
      return payload
        ? [{ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth }, payload }]
        : [];
    });
    // Taken off the log before sending: a crash mid-batch loses those pushes rather than repeating them.
    await deleteDeliveries(db, batch.lastSeq);
    await eachLimited(jobs, concurrency, send);
    return true;
  }

  async function drain(): Promise<void> {
    do {
      isPoked = false;
      try {
        while (!isClosed && (await drainOnce()));
      } catch (error) {
        logger.error('push drain failed', { error: error instanceof Error ? error.message : String(error) });
      }
    } while (isPoked && !isClosed);
  }

  function start() {
    if (isClosed) return;
    if (running) {
      isPoked = true;
      return;
    }
    running = drain().finally(() => {
      running = null;
    });
  }

  const poll = setInterval(start, options.pollMs ?? 2000);
  poll.unref();

  return {
    poke() {
      if (pokeTimer || isClosed) return;
      pokeTimer = setTimeout(() => {
        pokeTimer = null;
        start();
      }, POKE_DELAY_MS);
    },
    async idle() {
      if (pokeTimer) {
        clearTimeout(pokeTimer);
        pokeTimer = null;
        start();
      }
      while (running) await running;
    },
    async close() {
      isClosed = true;
      if (pokeTimer) clearTimeout(pokeTimer);
      clearInterval(poll);
      while (running) await running;
      agent.destroy();
    },
  };
}
