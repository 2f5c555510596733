import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type DeviceKeys, decryptPushBody } from './aes128gcm.ts';
import { makeTestCertificate } from './certificate.ts';
import { checkVapid } from './vapid-check.ts';

/** What `PushSubscription.toJSON()` gives in a browser. */
interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push the stand-in accepted: VAPID checked, body decrypted. */
interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload as the service worker would get it. */
  data: string;
  ttl: number;
}

interface Device extends DeviceKeys {
  endpoint: string;
  applicationServerKey: string;
  /** A test marks an endpoint gone: the next push to it is answered with this. */
  goneStatus: 404 | 410 | null;
}

export interface PushService {
  /** The stand-in's certificate file: the app server trusts it through PUSH_CA_FILE. */
  readonly certFile: string;
  readonly origin: string;
  /** A new subscription, as a browser's push client makes one for `applicationServerKey`. */
  subscribe(applicationServerKey: string): SubscriptionJson;
  /** The device unsubscribed: pushes to it are answered 410 from now on. */
  unsubscribe(endpoint: string): void;
  markGone(endpoint: string, status: 404 | 410): void;
  readonly received: readonly ReceivedPush[];
  /** Pushes refused (bad VAPID, undecryptable), with why: a test expects none. */
  readonly refused: readonly { endpoint: string; reason: string }[];
  /** Resolves once `count` pushes were received in all (or rejects after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A stand-in for a browser vendor's push service (RFC 8030) over HTTPS with a
 * self-signed certificate: it hands out subscriptions with their own P-256
 * key pair and auth secret, checks each push's VAPID authorization, decrypts
 * its aes128gcm body, records it and answers 201 (or 404/410 for an
 * endpoint marked gone).
 */
export async function startPushService(): Promise<PushService> {
  const certificate = makeTestCertificate();
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const waiters = new Set<() => void>();

  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const device = devices.get(endpoint);
      if (request.method !== 'POST' || device === undefined) {
        response.writeHead(404).end();
        return;
      }
      if (device.goneStatus !== null) {
        response.writeHead(device.goneStatus).end();
        return;
      }
      const refuse = (reason: string) => {
        refused.push({ endpoint, reason });
        response.writeHead(reason.startsWith('vapid') ? 401 : 400).end(reason);
      };
      const vapidProblem = checkVapid(request.headers.authorization, {
        audience: origin,
        applicationServerKey: device.applicationServerKey,
        nowS: Math.floor(Date.now() / 1000),
      });
      if (vapidProblem) return refuse(`vapid: ${vapidProblem}`);
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse('content-encoding is not aes128gcm');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse('no TTL');
      try {
        received.push({ endpoint, data: decryptPushBody(Buffer.concat(chunks), device), ttl });
      } catch (error) {
        return refuse(`decrypt: ${(error as Error).message}`);
      }
      response.writeHead(201, { location: `${origin}/messages/${randomUUID()}` }).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  return {
    certFile: certificate.certFile,
    origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      devices.set(endpoint, { ecdh, auth, endpoint, applicationServerKey, goneStatus: null });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    unsubscribe(endpoint) {
      const device = devices.get(endpoint);
      if (device) device.goneStatus = 410;
    },
    markGone(endpoint, status) {
      const device = devices.get(endpoint);
      if (!device) throw new Error(`no such endpoint ${endpoint}`);
      device.goneStatus = status;
    },
    received,
    refused,
    waitForCount(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`push service: ${received.length} of ${count} pushes after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      certificate.remove();
    },
  };
}
