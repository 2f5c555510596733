import http from 'node:http';
import { isErrorEnvelope } from '@campus/shared/errors';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '@campus/shared/sync-api';
import type { ApiGet } from '../../web/src/local/local-cache.ts';
import type { OutboxTransport } from '../../web/src/local/outbox.ts';
import type { Member } from './fuzz-server.ts';
import { type Rng, sleep } from './prng.ts';

export interface ApiRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  json?: unknown;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  isReplayed: boolean;
}

class NetworkDown extends Error {}

const REQUEST_TIMEOUT_MS = 5000;

/**
 * One real HTTP request to the server as `member`, on their campus's host
 * (Node's fetch cannot set Host; node:http can). Throws NetworkDown when the
 * server is down or the connection failed: nothing is known of the outcome.
 */
export function callApi(port: number | null, member: Member, request: ApiRequest, agent?: http.Agent) {
  return new Promise<ApiAnswer>((resolve, reject) => {
    if (port === null) {
      reject(new NetworkDown('server down'));
      return;
    }
    const host = `${member.hostname}:${port}`;
    const headers: Record<string, string> = {
      host,
      origin: `http://${host}`,
      cookie: `session=${member.token}`,
      accept: 'application/json',
    };
    if (request.idempotencyKey) headers[IDEMPOTENCY_HEADER] = request.idempotencyKey;
    const payload = request.json === undefined ? undefined : JSON.stringify(request.json);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => reject(new NetworkDown(error.message)));
        // Cut mid-answer: whatever arrived is not an answer.
        response.on('close', () => {
          if (!response.complete) reject(new NetworkDown('connection closed mid-answer'));
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          resolve({
            status: response.statusCode ?? 0,
            body,
            isReplayed: response.headers[REPLAYED_HEADER.toLowerCase()] === 'true',
          });
        });
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', (error) => reject(new NetworkDown(error.message)));
    outgoing.end(payload);
  });
}

/** How often each fault strikes a request while the network is faulty. */
export interface FaultRates {
  /** The connection fails before the request leaves: nothing reaches the server. */
  failBeforeSend: number;
  /** The server applies the write but the answer never arrives (the client sees a network error). */
  loseAnswer: number;
  /** The same request is delivered twice at once. */
  duplicateNow: number;
  /** A copy is held back in the network and delivered later, after later mutations (reordering). */
  duplicateLate: number;
  /** The request waits before leaving / the answer waits before arriving. */
  delayRequest: number;
  delayAnswer: number;
  maxDelayMs: number;
  /** A cache read (notice refetch, feed refresh) fails. */
  failGet: number;
}

export interface NetworkStats {
  writes: number;
  failedBeforeSend: number;
  lostAnswers: number;
  duplicatesNow: number;
  lateCopiesHeld: number;
  lateCopiesDelivered: number;
  /** Answers that came back with Idempotent-Replayed: true (the outbox's own retries and the copies). */
  replayedAnswers: number;
  delays: number;
  failedGets: number;
}

interface LateCopy {
  member: Member;
  request: ApiRequest;
}

/**
 * The network between the simulated clients and the real server, with
 * seeded faults. Every outbox transport and cache reader goes through it.
 * `heal()` ends the faults; held-back copies still arrive when flushed.
 */
export class FaultyNetwork {
  isHealed = false;
  readonly stats: NetworkStats = {
    writes: 0,
    failedBeforeSend: 0,
    lostAnswers: 0,
    duplicatesNow: 0,
    lateCopiesHeld: 0,
    lateCopiesDelivered: 0,
    replayedAnswers: 0,
    delays: 0,
    failedGets: 0,
  };
  /** What each held-back copy was answered when it finally arrived. */
  readonly lateAnswers: { request: ApiRequest; member: Member; answer: ApiAnswer }[] = [];
  /** Scripted faults for scenario tests, by user id: a device cut off, answers to lose. */
  readonly offline = new Set<string>();
  readonly answersToLose = new Map<string, number>();
  /** Scripted: the user's next read is answered now but lands only when this settles (after later reads). */
  readonly readsToHold = new Map<string, Promise<void>>();
  /** Refusals that did not come in the error envelope (judged as problems). */
  readonly oddAnswers: string[] = [];
  private readonly held: LateCopy[] = [];
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  constructor(
    private readonly rng: Rng,
    private readonly rates: FaultRates,
    private readonly port: () => number | null,
  ) {}

  private strikes(rate: number): boolean {
    return !this.isHealed && this.rng.chance(rate);
  }

  private async maybeDelay(rate: number) {
    if (!this.strikes(rate)) return;
    this.stats.delays++;
    await sleep(this.rng.int(1, this.rates.maxDelayMs));
  }

  private async call(member: Member, request: ApiRequest): Promise<ApiAnswer> {
    const answer = await callApi(this.port(), member, request, this.agent);
    if (answer.isReplayed) this.stats.replayedAnswers++;
    if (answer.status >= 400 && !isErrorEnvelope(answer.body)) {
      this.oddAnswers.push(
        `${request.method} ${request.path} answered ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
    return answer;
  }

  /** The outbox's transport for one client. */
  transportFor(member: Member): OutboxTransport {
    return {
      send: async ({ method, path, idempotencyKey, json }) => {
        this.stats.writes++;
        const request: ApiRequest = { method, path, idempotencyKey, json };
        await this.maybeDelay(this.rates.delayRequest);
        if (this.offline.has(member.userId) || this.strikes(this.rates.failBeforeSend)) {
          this.stats.failedBeforeSend++;
          throw new NetworkDown('injected: connection failed before sending');
        }
        if (this.strikes(this.rates.duplicateLate)) {
          this.stats.lateCopiesHeld++;
          this.held.push({ member, request });
        }
        let answer: ApiAnswer;
        if (this.strikes(this.rates.duplicateNow)) {
          this.stats.duplicatesNow++;
          const both = await Promise.allSettled([this.call(member, request), this.call(member, request)]);
          const chosen = both[this.rng.int(0, 1)] as PromiseSettledResult<ApiAnswer>;
          if (chosen.status === 'rejected') throw chosen.reason;
          answer = chosen.value;
        } else {
          answer = await this.call(member, request);
        }
        const scripted = this.answersToLose.get(member.userId) ?? 0;
        if (scripted > 0) this.answersToLose.set(member.userId, scripted - 1);
        if (scripted > 0 || this.strikes(this.rates.loseAnswer)) {
          this.stats.lostAnswers++;
          throw new NetworkDown('injected: the answer was lost');
        }
        await this.maybeDelay(this.rates.delayAnswer);
        return { status: answer.status, body: answer.body, replayed: answer.isReplayed };
      },
    };
  }

  /** The cache's reader for one client. */
  getFor(member: Member): ApiGet {
    return async (path) => {
      if (this.offline.has(member.userId) || this.strikes(this.rates.failGet)) {
        this.stats.failedGets++;
        throw new NetworkDown('injected: read failed');
      }
      const answer = await this.call(member, { method: 'GET', path });
      const hold = this.readsToHold.get(member.userId);
      if (hold) {
        this.readsToHold.delete(member.userId);
        await hold;
      }
      await this.maybeDelay(this.rates.delayAnswer);
      return { status: answer.status, body: answer.body };
    };
  }

  get heldCount(): number {
    return this.held.length;
  }

  /** Delivers one held-back copy, chosen at random (so copies also overtake each other). */
  async deliverOneLate(): Promise<void> {
    if (this.held.length === 0) return;
    const [copy] = this.held.splice(this.rng.int(0, this.held.length - 1), 1);
    if (!copy) return;
    try {
      const answer = await this.call(copy.member, copy.request);
      this.stats.lateCopiesDelivered++;
      this.lateAnswers.push({ ...copy, answer });
    } catch {
      // Still in the network: it may arrive later.
      this.held.push(copy);
    }
  }

  /** Delivers every held-back copy (the server must be up). */
  async flushLate(): Promise<void> {
    for (let tries = 0; this.held.length > 0; tries++) {
      if (tries > 200) throw new Error(`${this.held.length} held-back copies could not be delivered`);
      await this.deliverOneLate();
    }
  }

  close() {
    this.agent.destroy();
  }
}
