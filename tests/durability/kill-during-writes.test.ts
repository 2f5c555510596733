/**
 * Durability (issue 18): the real server in its own process takes a burst of
 * writes from several devices (posts and comments through the web app's
 * outbox over HTTP with Idempotency-Keys, chat messages as Yjs updates over
 * the chat socket) and is killed with SIGKILL in the middle of it. Restarted
 * on the same data directory, SQLite's integrity check must say 'ok' and
 * every write a device saw acknowledged must be there before anything is
 * sent again. Then the devices do what they do after a crash: the outbox
 * sends what was never acknowledged, the chat engine syncs, and a sample of
 * acknowledged writes goes out again with the same keys (an answer lost on
 * the way). Every write must then be stored exactly once. Three rounds, each
 * killed at another point of its burst, on one growing data directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type RichTextDocument, richTextToPlainText } from '@campus/shared/rich-text';
import { scaled } from '@campus/shared/time-scale';
import { afterAll, describe, expect, it } from 'vitest';
import { commentCreate, postCreate } from '../bench/sync-mutations.ts';
import { type ChatRecord, ChatWriter } from './chat-writer.ts';
import { databaseFileOf, seedDataDir } from './durability-seed.ts';
import { OutboxWriter, type WriteRecord } from './outbox-writer.ts';
import { type ServerChild, type StandbyServer, spawnStandbyServer } from './server-child.ts';
import { readStoredState, type StoredState } from './stored-state.ts';

/**
 * Where each round's SIGKILL lands: once this share of the round's HTTP writes and of its chat
 * messages was acknowledged, and this many ms later (so requests in flight are caught at other
 * stages: some committed with their answer still on its way).
 */
const KILL_POINTS = [
  { share: 0.2, delayMs: 0 },
  { share: 0.5, delayMs: 3 },
  { share: 0.8, delayMs: 8 },
];
const WRITERS = 3;
/** Each post is followed by a comment on it and one on a seller's post. */
const POSTS_PER_WRITER = 6;
const CHATS = 2;
const MESSAGES_PER_MEMBER = 12;
/** Time between two writes of one device: the burst lasts about half a second. */
const HTTP_PACE_MS = 25;
const CHAT_PACE_MS = 40;
/** Every third acknowledged write of a round is sent again after the restart. */
const RESEND_EVERY = 3;
const SETTLE_TIMEOUT_MS = 15_000;

const HTTP_WRITES_PER_ROUND = WRITERS * POSTS_PER_WRITER * 3;
const CHAT_WRITES_PER_ROUND = CHATS * 2 * MESSAGES_PER_MEMBER;
const WRITES_PER_ROUND = HTTP_WRITES_PER_ROUND + CHAT_WRITES_PER_ROUND;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(what: string, isDone: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS;
  while (!(await isDone())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function everyNth<T>(items: T[], n: number): T[] {
  return items.filter((_item, index) => index % n === 0);
}

let dataDir: string | undefined;
let server: ServerChild | undefined;
let standby: Promise<StandbyServer> | undefined;

afterAll(async () => {
  await server?.kill();
  await standby?.then((next) => next.kill()).catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 in the middle of a write burst', () => {
  it('keeps every acknowledged write, and resends land exactly once, over three crashes', {
    timeout: scaled(90_000),
  }, async () => {
    const started = performance.now();
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-durability-'));
    const databaseFile = databaseFileOf(dataDir);
    // Each server process is spawned ahead and loads its modules while the test works (server-child.ts).
    standby = spawnStandbyServer(dataDir);
    const seeded = await seedDataDir(dataDir, { writers: WRITERS, chats: CHATS, sellerPosts: 3 });

    // The round's acknowledgements so far, and the counts at which the server is killed.
    const acks = { http: 0, chat: 0 };
    let killAfter = { http: Number.POSITIVE_INFINITY, chat: Number.POSITIVE_INFINITY, delayMs: 0 };
    let crash: Promise<void> | null = null;
    function onAck(kind: 'http' | 'chat'): void {
      acks[kind] += 1;
      if (crash === null && acks.http >= killAfter.http && acks.chat >= killAfter.chat) crash = crashServer();
    }
    const run = Date.now().toString(36);
    const writers = seeded.writers.map(
      (member, index) => new OutboxWriter(member, `${run}-${index}`, () => onAck('http')),
    );
    const chatters = seeded.chats.flatMap((chat) =>
      chat.members.map((member) => new ChatWriter(member, chat.chatId, () => onAck('chat'))),
    );
    const authorIds = seeded.writers.map((member) => member.userId);
    const chatIds = seeded.chats.map((chat) => chat.chatId);

    function goOnline(port: number): void {
      for (const writer of writers) {
        writer.port = port;
        writer.online = true;
        writer.kick();
      }
      for (const chatter of chatters) {
        chatter.port = port;
        chatter.online = true;
        chatter.connect();
      }
    }
    async function crashServer(): Promise<void> {
      if (killAfter.delayMs > 0) await sleep(killAfter.delayMs);
      // The devices find the server gone; kill -9 first, so nothing gets a chance to finish.
      const dying = server?.kill();
      for (const writer of writers) writer.online = false;
      for (const chatter of chatters) chatter.disconnect();
      await dying;
    }

    server = await startStandby();
    standby = spawnStandbyServer(dataDir);
    goOnline(server.port);
    await waitFor('the chat sockets to sync', () => chatters.every((chatter) => chatter.isReady));
    // A first write from every device, so the first burst meets a warm server as the later ones do.
    for (const writer of writers) await writer.write(postCreate(writer.member.userId, 'Warm-up post'));
    for (const chatter of chatters) chatter.send();
    await waitFor('the warm-up writes', async () => settled(writers, chatters));

    const httpRecords = () => writers.flatMap((writer) => [...writer.records.values()]);
    const chatRecords = () => chatters.flatMap((chatter) => [...chatter.records.values()]);

    for (const [round, { share: killPoint, delayMs }] of KILL_POINTS.entries()) {
      const roundStarted = performance.now();
      const httpBefore = new Set(httpRecords().map((record) => record.id));
      const chatBefore = new Set(chatRecords().map((record) => record.id));
      acks.http = 0;
      acks.chat = 0;
      crash = null;
      killAfter = {
        http: Math.ceil(killPoint * HTTP_WRITES_PER_ROUND),
        chat: Math.ceil(killPoint * CHAT_WRITES_PER_ROUND),
        delayMs,
      };

      // The burst: every device writes at its own pace, online or not (a device keeps writing offline).
      const burst = Promise.all([
        ...writers.map(async (writer, index) => {
          for (let post = 0; post < POSTS_PER_WRITER; post++) {
            const created = postCreate(writer.member.userId, `Round ${round} post ${post} by writer ${index}`);
            await writer.write(created);
            await sleep(HTTP_PACE_MS);
            await writer.write(commentCreate(writer.member.userId, created.id, `Still available? (round ${round})`));
            await sleep(HTTP_PACE_MS);
            const sellerPost = seeded.sellerPostIds[(post + index) % seeded.sellerPostIds.length] as string;
            await writer.write(commentCreate(writer.member.userId, sellerPost, `Interested (round ${round})`));
            await sleep(HTTP_PACE_MS);
          }
        }),
        ...chatters.map(async (chatter) => {
          for (let message = 0; message < MESSAGES_PER_MEMBER; message++) {
            // Messages keep step with the HTTP writes' acknowledgements, so the kill finds both mid-way.
            const httpShare = Math.floor((message * HTTP_WRITES_PER_ROUND) / MESSAGES_PER_MEMBER);
            const deadline = performance.now() + SETTLE_TIMEOUT_MS;
            while (crash === null && acks.http < httpShare && performance.now() < deadline) {
              await sleep(CHAT_PACE_MS / 4);
            }
            chatter.send();
            await sleep(CHAT_PACE_MS);
          }
        }),
      ]);
      await waitFor(`the kill at ${killPoint} of the burst acknowledged`, () => crash !== null);
      await crash;
      await burst;
      const killedAt = performance.now();

      // Everything any device saw acknowledged, in this round or before.
      const ackedHttp = httpRecords().filter((record) => record.isAcked);
      const ackedChat = chatRecords().filter((record) => record.isAcked);
      const roundHttp = httpRecords().filter((record) => !httpBefore.has(record.id));
      const roundChat = chatRecords().filter((record) => !chatBefore.has(record.id));
      expect(roundHttp.length + roundChat.length).toBe(WRITES_PER_ROUND);

      const ackedAtKill = { ...acks };
      server = await startStandby();
      const restartedAt = performance.now();
      // The process that will take over after the next crash.
      standby = round + 1 < KILL_POINTS.length ? spawnStandbyServer(dataDir) : undefined;

      const afterRestart = readStoredState(databaseFile, authorIds, chatIds);
      expect(afterRestart.integrity).toEqual(['ok']);
      expect(afterRestart.foreignKeyProblems).toBe(0);
      expect(lostHttp(afterRestart, ackedHttp), 'acknowledged posts and comments lost').toEqual([]);
      expect(lostChat(afterRestart, chatters, ackedChat), 'acknowledged chat messages lost').toEqual([]);
      // Counters move in the same transaction as the row they count.
      expect(afterRestart.commentCountsOff).toEqual([]);
      expect(afterRestart.totalPostsOff).toEqual([]);

      // The devices come back: the outbox sends what is left, chats sync, and some acknowledged writes go again.
      const unackedHttp = roundHttp.filter((record) => !record.isAcked).length;
      const unackedChat = roundChat.filter((record) => !record.isAcked).length;
      // Applied before the kill but never acknowledged (the answer died with the server): their resend is the hard case.
      const storedUnacked =
        roundHttp.filter((record) => !record.isAcked && afterRestart.posts.has(record.id)).length +
        roundChat.filter(
          (record) => !record.isAcked && afterRestart.chats.get(chatIdOf(chatters, record))?.messages.has(record.id),
        ).length;
      goOnline(server.port);
      const resentHttp = everyNth(
        roundHttp.filter((record) => record.isAcked),
        RESEND_EVERY,
      );
      for (const record of resentHttp) {
        const writer = writers.find((candidate) => candidate.records.has(record.id));
        await writer?.resend(record);
      }
      await waitFor('the chat sockets to sync again', () => chatters.every((chatter) => chatter.isReady));
      let resentChat = 0;
      for (const chatter of chatters) {
        const sample = everyNth(
          [...chatter.records.values()].filter((record) => record.isAcked && !chatBefore.has(record.id)),
          RESEND_EVERY,
        );
        resentChat += sample.length;
        chatter.resend(sample);
      }
      await waitFor('every write to be acknowledged', () => settled(writers, chatters));

      const afterResends = readStoredState(databaseFile, authorIds, chatIds);
      expect(afterResends.integrity).toEqual(['ok']);
      expectExactlyOnce(afterResends, httpRecords(), chatters);
      for (const record of resentHttp) {
        // Its second answer was the first one, replayed from the receipt: the handler did not run again.
        expect({ id: record.id, answers: record.answers, replayed: record.replayed }).toEqual({
          id: record.id,
          answers: 2,
          replayed: 1,
        });
      }
      expect(chatters.flatMap((chatter) => chatter.refusals)).toEqual([]);
      console.info(
        `durability round ${round + 1} (kill at ${killPoint} + ${delayMs} ms): ${WRITES_PER_ROUND} writes ` +
          `(${HTTP_WRITES_PER_ROUND} HTTP, ${CHAT_WRITES_PER_ROUND} chat); ` +
          `acked at kill ${ackedAtKill.http} HTTP + ${ackedAtKill.chat} chat; ` +
          `resent unacked ${unackedHttp} HTTP + ${unackedChat} chat (${storedUnacked} of them stored before the kill), ` +
          `acked ${resentHttp.length} HTTP + ${resentChat} chat; ` +
          `burst ${Math.round(killedAt - roundStarted)} ms, restart ${Math.round(restartedAt - killedAt)} ms, ` +
          `resend and checks ${Math.round(performance.now() - restartedAt)} ms`,
      );
    }

    for (const chatter of chatters) chatter.close();
    for (const writer of writers) writer.stop();
    await server.stop();
    server = undefined;
    const final = readStoredState(databaseFile, authorIds, chatIds);
    expect(final.integrity).toEqual(['ok']);
    expectExactlyOnce(final, httpRecords(), chatters);
    console.info(`durability: ${KILL_POINTS.length} rounds in ${Math.round(performance.now() - started)} ms`);
  });
});

/** The standby process runs the server on the data directory. */
async function startStandby(): Promise<ServerChild> {
  const next = standby;
  if (!next) throw new Error('no standby server process');
  standby = undefined;
  return (await next).start();
}

/** Nothing left in any outbox (and nothing refused), every chat synced with no message pending. */
async function settled(writers: OutboxWriter[], chatters: ChatWriter[]): Promise<boolean> {
  const queues = await Promise.all(writers.map((writer) => writer.queued()));
  const failed = queues.flatMap((queue) => queue.failed);
  if (failed.length > 0) throw new Error(`the server refused writes: ${failed.join('; ')}`);
  return queues.every((queue) => queue.pending === 0) && chatters.every((chatter) => chatter.isSettled);
}

function chatIdOf(chatters: ChatWriter[], record: ChatRecord): string {
  return chatters.find((chatter) => chatter.records.has(record.id))?.chatId ?? '';
}

function lostHttp(state: StoredState, acked: WriteRecord[]): string[] {
  return acked.filter((record) => !state.posts.has(record.id)).map((record) => `${record.kind} ${record.id}`);
}

function lostChat(state: StoredState, chatters: ChatWriter[], acked: ChatRecord[]): string[] {
  const ackedIds = new Set(acked.map((record) => record.id));
  return chatters.flatMap((chatter) =>
    [...chatter.records.values()]
      .filter((record) => ackedIds.has(record.id) && !state.chats.get(chatter.chatId)?.messages.has(record.id))
      .map((record) => `message ${record.id}`),
  );
}

function expectExactlyOnce(state: StoredState, httpRecords: WriteRecord[], chatters: ChatWriter[]): void {
  // Posts and comments: each write's row, with its text and parent, and no row no device wrote.
  expect(state.postRows).toBe(state.posts.size);
  expect([...state.posts.keys()].sort()).toEqual(httpRecords.map((record) => record.id).sort());
  for (const record of httpRecords) {
    const stored = state.posts.get(record.id);
    const body = record.mutation.body as { text: RichTextDocument };
    expect(stored?.parentId ?? null).toBe(record.kind === 'comment.create' ? record.rootId : null);
    expect(stored?.text).toBe(richTextToPlainText(body.text));
  }
  expect(state.commentCountsOff).toEqual([]);
  expect(state.totalPostsOff).toEqual([]);
  // One receipt per mutation id, each answered.
  expect(state.receipts).toEqual({ done: httpRecords.length });
  // Chats: each message once in the doc and written by one struct of the log, nothing else.
  for (const chatId of new Set(chatters.map((chatter) => chatter.chatId))) {
    const stored = state.chats.get(chatId);
    const sent = chatters
      .filter((chatter) => chatter.chatId === chatId)
      .flatMap((chatter) => [...chatter.records.values()]);
    expect(new Map(stored?.messages)).toEqual(new Map(sent.map((record) => [record.id, record.text])));
    const repeated = [...(stored?.writesPerKey ?? [])].filter(([, writes]) => writes !== 1);
    expect(repeated, `chat ${chatId}: messages written more than once in the log`).toEqual([]);
  }
}
