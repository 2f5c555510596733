import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addMessage, type ChatMessage, messagesOf, sortedMessages } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import type { UploadDto } from '@campus/shared/post-api';
import { IDEMPOTENCY_HEADER } from '@campus/shared/sync-api';
import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type ChatPhotoRow, chatPhotoMutation, type LocalDb, openLocalDb, SHIPPED_STORES } from '../local-db.ts';
import { createOutbox, type OutboxTransport } from '../outbox.ts';
import { createChatPhotoDelivery, type DeliveryDoc, queuedChatPhotos } from './chat-photos.ts';

/**
 * Chat photos in the outbox against a small real HTTP server shaped like
 * POST /api/uploads (multipart in, the upload's JSON or an error envelope
 * out): a queued message goes into its chat's doc exactly once, with the upload.
 */
interface Received {
  key: string | undefined;
  name: string;
  type: string;
  size: number;
}

const received: Received[] = [];
/** Idempotency-Key → the upload answered for it (a retry gets the same one back, like the server). */
const answered = new Map<string, UploadDto>();
let server: Server;
let serverOrigin = '';
/** A port nothing listens on: fetch fails as it does with no network. */
const OFFLINE_ORIGIN = 'http://127.0.0.1:1';

beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (request.url !== '/api/uploads') {
      // Any other write the outbox sends (a save queued before the photos) is applied.
      response.setHeader('content-type', 'application/json');
      response.end('{}');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Request('http://local/api/uploads', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const file = form.get('file') as File;
    const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()] as string | undefined;
    received.push({ key, name: file.name, type: file.type, size: file.size });
    response.setHeader('content-type', 'application/json');
    if (!file.type.startsWith('image/')) {
      response.statusCode = 400;
      response.end(JSON.stringify({ errors: [{ code: 'bad_request', msg: 'Only photos & videos are allowed!' }] }));
      return;
    }
    const id = uuidv7();
    const upload: UploadDto = answered.get(key ?? '') ?? {
      id,
      kind: 'image',
      url: `/media/${id}.jpg`,
      thumbUrl: `/media/${id}-thumb.jpg`,
      width: 4,
      height: 3,
      placeholder: null,
    };
    if (key) answered.set(key, upload);
    response.statusCode = 201;
    response.end(JSON.stringify(upload));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let dbCount = 0;
function freshDb(): LocalDb {
  dbCount += 1;
  return openLocalDb(`chat-photos-test-${dbCount}`, { indexedDB, IDBKeyRange });
}

/** The outbox's requests over real HTTP, as the browser's transport sends them. */
function httpTransport(origin: string): OutboxTransport {
  return {
    async send({ method, path, idempotencyKey, json, file }) {
      let body: BodyInit | undefined;
      if (file) {
        body = new FormData();
        body.append(file.field ?? 'file', new File([file.blob], file.name, { type: file.type }));
      } else if (json !== undefined) body = JSON.stringify(json);
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        body,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
  };
}

/** Ids minted one after another sort in that order (two in one millisecond could sort either way). */
let clock = Date.now();

function entry(chatId: string, text: string, type = 'image/jpeg'): ChatPhotoRow {
  clock += 1;
  const message: ChatMessage = {
    id: uuidv7(clock),
    authorId: 'viewer',
    text,
    createdAt: new Date().toISOString(),
    postId: null,
    attachment: null,
  };
  const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type });
  return { id: message.id, chatId, viewerId: 'viewer', message, file: { name: `${text}.jpg`, type, blob } };
}

/** One Y.Doc per chat, as the device has them; `send` is the composer's add. */
function chatDocs() {
  const docs = new Map<string, Y.Doc>();
  const docOf = (chatId: string) => {
    let doc = docs.get(chatId);
    if (!doc) {
      doc = new Y.Doc();
      docs.set(chatId, doc);
    }
    return doc;
  };
  const openDoc = async (chatId: string): Promise<DeliveryDoc> => {
    const doc = docOf(chatId);
    return { doc, send: (message) => addMessage(doc, message), release: () => undefined };
  };
  return { docOf, openDoc };
}

/** What navigator.locks gives the browser: one holder at a time, in order of asking. */
function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** A tab's outbox for 'viewer', delivering chat photos into `openDoc`'s docs. */
function outboxOf(
  db: LocalDb,
  openDoc: (chatId: string) => Promise<DeliveryDoc>,
  options: { origin?: string; withLock?: <T>(run: () => Promise<T>) => Promise<T>; said?: string[] } = {},
) {
  return createOutbox({
    db,
    transport: httpTransport(options.origin ?? serverOrigin),
    currentUserId: () => 'viewer',
    withLock: options.withLock,
    deliveries: { 'chat.photo': async () => createChatPhotoDelivery(openDoc) },
    onDropped: (_entry, errors) => void options.said?.push(errors.join('\n')),
  });
}

async function queueChatPhoto(db: LocalDb, row: ChatPhotoRow): Promise<void> {
  await outboxOf(db, chatDocs().openDoc).enqueue(chatPhotoMutation(row));
}

const queuedCount = (db: LocalDb) => db.outbox.where('kind').equals('chat.photo').count();

describe('chat photos in the outbox', () => {
  it('uploads each file once, adds its message with the upload to its chat, and empties, even with two tabs draining', async () => {
    const db = freshDb();
    const { docOf, openDoc } = chatDocs();
    const first = entry('chat-a', 'bike');
    const second = entry('chat-a', 'lamp');
    const other = entry('chat-b', 'desk');
    for (const item of [first, second, other]) await queueChatPhoto(db, item);
    const byId = (items: ChatPhotoRow[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect((await queuedChatPhotos(db, 'viewer', 'chat-a')).map((row) => row.id)).toEqual(
      byId([first, second]).map((item) => item.id),
    );

    received.length = 0;
    const withLock = oneAtATime();
    const results = await Promise.all([
      outboxOf(db, openDoc, { withLock }).drain(),
      outboxOf(db, openDoc, { withLock }).drain(),
    ]);

    expect(results).toEqual(['drained', 'drained']);
    expect(received.map((file) => file.key)).toEqual(byId([first, second, other]).map((item) => item.id));
    expect(received.find((file) => file.key === first.id)).toMatchObject({
      name: 'bike.jpg',
      type: 'image/jpeg',
      size: 7,
    });
    const inA = sortedMessages(docOf('chat-a'));
    expect(inA.map((message) => message.id)).toEqual(byId([first, second]).map((item) => item.id));
    expect(inA.find((message) => message.id === first.id)).toMatchObject({
      text: 'bike',
      createdAt: first.message.createdAt,
      authorId: 'viewer',
    });
    expect(inA.find((message) => message.id === first.id)?.attachment).toEqual(
      expect.objectContaining({ uploadId: answered.get(first.id)?.id, url: answered.get(first.id)?.url }),
    );
    expect(sortedMessages(docOf('chat-b')).map((message) => message.text)).toEqual(['desk']);
    expect(await queuedCount(db)).toBe(0);
  });

  it('keeps the message queued while the network is down and sends it when it returns', async () => {
    const db = freshDb();
    const { docOf, openDoc } = chatDocs();
    const item = entry('chat-a', 'offline');
    await queueChatPhoto(db, item);

    const offline = await outboxOf(db, openDoc, { origin: OFFLINE_ORIGIN }).drain();
    expect(offline).toBe('offline');
    expect(await db.outbox.where('id').equals(item.id).first()).toMatchObject({
      kind: 'chat.photo',
      postId: 'chat-a',
      userId: 'viewer',
      state: 'pending',
    });
    expect(messagesOf(docOf('chat-a')).size).toBe(0);

    const online = await outboxOf(db, openDoc).drain();
    expect(online).toBe('drained');
    expect(messagesOf(docOf('chat-a')).get(item.id)?.attachment?.uploadId).toBe(answered.get(item.id)?.id);
    expect(await queuedCount(db)).toBe(0);
  });

  it("drops a file the server refuses, says the server's words, and sends the next", async () => {
    const db = freshDb();
    const { docOf, openDoc } = chatDocs();
    const refused = entry('chat-a', 'notes', 'text/plain');
    const fine = entry('chat-a', 'fine');
    await queueChatPhoto(db, refused);
    await queueChatPhoto(db, fine);
    const said: string[] = [];

    const result = await outboxOf(db, openDoc, { said }).drain();

    expect(result).toBe('drained');
    expect(said).toEqual(['Only photos & videos are allowed!']);
    expect([...messagesOf(docOf('chat-a')).keys()]).toEqual([fine.id]);
    expect(await queuedCount(db)).toBe(0);
  });

  it('only deletes the entry of a message already in the doc (a drain that stopped after adding it)', async () => {
    const db = freshDb();
    const { docOf, openDoc } = chatDocs();
    const item = entry('chat-a', 'sent before');
    await queueChatPhoto(db, item);
    const sent = { ...item.message, attachment: null };
    addMessage(docOf('chat-a'), sent);
    received.length = 0;

    await outboxOf(db, openDoc).drain();

    expect(received).toEqual([]);
    expect(messagesOf(docOf('chat-a')).size).toBe(1);
    expect(await queuedCount(db)).toBe(0);
  });

  it("leaves another account's queued messages alone", async () => {
    const db = freshDb();
    const { openDoc } = chatDocs();
    const theirs = { ...entry('chat-a', 'theirs'), viewerId: 'someone-else' };
    await queueChatPhoto(db, theirs);
    received.length = 0;

    await outboxOf(db, openDoc).drain();

    expect(received).toEqual([]);
    expect(await db.outbox.where('id').equals(theirs.id).first()).toBeDefined();
  });

  it("opens a version 1 database at the current version (7; 4 put chat photos in the outbox) with version 1's rows kept", async () => {
    const name = 'chat-photos-upgrade';
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores({ drafts: 'key', meta: 'key' });
    await old.table('drafts').put({ key: 'post', value: 'half a post', savedAt: '2026-11-22T10:00:00.000Z' });
    old.close();

    const db = openLocalDb(name, { indexedDB, IDBKeyRange });
    expect(await db.drafts.get('post')).toMatchObject({ value: 'half a post' });
    expect(db.verno).toBe(7);
    await queueChatPhoto(db, entry('chat-a', 'after upgrade'));
    expect(await queuedCount(db)).toBe(1);
    db.close();
  });

  it("moves version 2's queued chat photos into the outbox (version 4, the current is 7), after what was queued there, and sends each once", async () => {
    const name = 'chat-photos-upgrade-2';
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores({ outbox: '++seq, &id, userId, postId, rootId, kind' });
    old.version(2).stores(SHIPPED_STORES[2]);
    const save = {
      id: uuidv7(),
      userId: 'viewer',
      kind: 'save.set',
      postId: 'post-1',
      rootId: null,
      method: 'PUT',
      path: '/api/posts/post-1/save',
      body: undefined,
      files: [],
      state: 'pending',
      errors: [],
      attempts: 0,
      createdAt: new Date().toISOString(),
    };
    await old.table('outbox').add(save);
    const first = entry('chat-a', 'bike');
    const second = entry('chat-a', 'lamp');
    const theirs = { ...entry('chat-b', 'desk'), viewerId: 'someone-else' };
    // Version 2 kept them by message id, whatever order they were written in.
    for (const row of [second, theirs, first]) await old.table('chatPhotos').put(row);
    old.close();

    const db = openLocalDb(name, { indexedDB, IDBKeyRange });
    expect(db.verno).toBe(7);
    expect(db.tables.map((table) => table.name)).not.toContain('chatPhotos');
    expect((await db.outbox.orderBy('seq').toArray()).map((row) => [row.id, row.kind, row.userId])).toEqual([
      [save.id, 'save.set', 'viewer'],
      [first.id, 'chat.photo', 'viewer'],
      [second.id, 'chat.photo', 'viewer'],
      [theirs.id, 'chat.photo', 'someone-else'],
    ]);
    expect((await queuedChatPhotos(db, 'viewer', 'chat-a')).map((row) => row.message.text)).toEqual(['bike', 'lamp']);

    received.length = 0;
    const { docOf, openDoc } = chatDocs();
    expect(await outboxOf(db, openDoc).drain()).toBe('drained');
    expect(received.map((file) => file.key)).toEqual([first.id, second.id]);
    expect(sortedMessages(docOf('chat-a')).map((message) => message.text)).toEqual(['bike', 'lamp']);
    expect(await db.outbox.where('id').equals(theirs.id).count()).toBe(1);
    db.close();
  });
});
