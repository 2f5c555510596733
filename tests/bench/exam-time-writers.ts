/**
 * The students writing while exam-time.bench.ts's readers read, in a process of their own: HTTP
 * saves, comments and posts, and chat messages over the chat socket (a real Y.Doc client), each at
 * a fixed rate whatever the answers take (an open loop, as students do not wait for each other).
 * Each write's latency is its answer (a chat message: its delivery to the other member).
 * Told 'start' with the campus, it writes until 'stop', then answers the latencies.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { connectChatClient, nowMs, sentAtOf } from './chat-load-client.ts';
import type { ExamCampus } from './exam-time-seed.ts';

export const WRITE_RATES = { save: 25, comment: 10, post: 1, chat: 10 } as const;
export type WriteKind = keyof typeof WRITE_RATES;

export interface WriteTally {
  count: number;
  errors: number;
  firstError: string | null;
  p50Ms: number;
  p99Ms: number;
}

export type WritersRequest = { type: 'start'; port: number; host: string; campus: ExamCampus } | { type: 'stop' };
export type WritersReply =
  | { type: 'started' }
  | { type: 'tallies'; tallies: Record<WriteKind, WriteTally> }
  | { type: 'error'; message: string };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function send(
  port: number,
  host: string,
  method: string,
  pathname: string,
  token: string,
  body?: unknown,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent,
        headers: {
          host,
          origin: `http://${host}`,
          cookie: `session=${token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('write timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

async function main(): Promise<void> {
  const latencies: Record<WriteKind, number[]> = { save: [], comment: [], post: [], chat: [] };
  const errors: Record<WriteKind, { count: number; first: string | null }> = {
    save: { count: 0, first: null },
    comment: { count: 0, first: null },
    post: { count: 0, first: null },
    chat: { count: 0, first: null },
  };
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let closeChats: () => Promise<void> = async () => {};

  function fail(kind: WriteKind, message: string): void {
    errors[kind].count += 1;
    errors[kind].first ??= message;
  }

  function timed(kind: WriteKind, write: () => Promise<number>): void {
    const started = performance.now();
    const done = write().then(
      (status) => {
        if (status >= 200 && status < 300) latencies[kind].push(performance.now() - started);
        else fail(kind, `status ${status}`);
      },
      (error: unknown) => fail(kind, String(error)),
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }

  async function start(port: number, host: string, campus: ExamCampus): Promise<void> {
    const { writers, threadIds, recentPostIds } = campus;
    const clients = campus.chats.flatMap(({ chatId, a, b }) => [
      connectChatClient({ port, host, chatId, userId: a.userId, token: a.token }),
      connectChatClient({ port, host, chatId, userId: b.userId, token: b.token }),
    ]);
    await Promise.all(clients.map((client) => client.synced));
    for (const client of clients) {
      client.onDelivered = (message, receivedAt) => latencies.chat.push(receivedAt - sentAtOf(message.text));
    }
    closeChats = async () => {
      await Promise.all(clients.map((client) => client.close()));
    };
    const senders = clients.filter((_, index) => index % 2 === 0);
    let turn = 0;
    const writer = () => writers[turn++ % writers.length] ?? writers[0];
    const saved = new Set<string>();
    const every = (kind: WriteKind, act: () => void) => {
      timers.push(setInterval(act, 1000 / WRITE_RATES[kind]));
    };
    every('save', () => {
      const student = writer();
      const postId = recentPostIds[turn % recentPostIds.length];
      if (!student || !postId) return;
      const key = `${student.userId}:${postId}`;
      const isSaving = !saved.has(key);
      if (isSaving) saved.add(key);
      else saved.delete(key);
      timed('save', () => send(port, host, isSaving ? 'PUT' : 'DELETE', `/api/posts/${postId}/save`, student.token));
    });
    every('comment', () => {
      const student = writer();
      const postId = threadIds[turn % threadIds.length];
      if (!student || !postId) return;
      const text = plainTextToRichText(`Is this still available? (${turn})`);
      timed('comment', () => send(port, host, 'POST', `/api/posts/${postId}/comments`, student.token, { text }));
    });
    every('post', () => {
      const student = writer();
      if (!student) return;
      const text = plainTextToRichText(`Selling my calculus notes, ${turn}. Message me.`);
      timed('post', () => send(port, host, 'POST', '/api/posts', student.token, { text }));
    });
    let sequence = 0;
    every('chat', () => {
      const client = senders[sequence % senders.length];
      if (!client) return;
      if (client.unexpectedClose) fail('chat', client.unexpectedClose);
      else client.send(sequence);
      sequence += 1;
    });
  }

  async function stop(): Promise<Record<WriteKind, WriteTally>> {
    for (const timer of timers) clearInterval(timer);
    await Promise.all([...inFlight]);
    // Messages still on their way are delivered within the server's answer time.
    const settle = nowMs() + 2_000;
    while (nowMs() < settle && latencies.chat.length + errors.chat.count < 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await closeChats();
    const tallies = {} as Record<WriteKind, WriteTally>;
    for (const kind of Object.keys(WRITE_RATES) as WriteKind[]) {
      const sorted = [...latencies[kind]].sort((a, b) => a - b);
      tallies[kind] = {
        count: sorted.length,
        errors: errors[kind].count,
        firstError: errors[kind].first,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
      };
    }
    return tallies;
  }

  process.on('message', (message: WritersRequest) => {
    const reply = (answer: WritersReply) => process.send?.(answer);
    const work =
      message.type === 'start'
        ? start(message.port, message.host, message.campus).then(() => reply({ type: 'started' }))
        : stop().then((tallies) => reply({ type: 'tallies', tallies }));
    work.catch((error: unknown) => reply({ type: 'error', message: String(error) }));
  });
  process.on('disconnect', () => process.exit(0));
}

void main();
