import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { addMessage, type ChatAttachment, type ChatMessage, messagesOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { toMediaDto } from '../posts/posts.mapper.ts';
import { createBlock, createPost, createUpload } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ALREADY_SENT_MESSAGE } from '../uploads/uploads.routes.ts';
import { setUpRoom } from './chat-room.test-helpers.ts';

function message(authorId: string, extra: Partial<ChatMessage>): ChatMessage {
  return {
    id: uuidv7(),
    authorId,
    text: '',
    createdAt: new Date().toISOString(),
    postId: null,
    attachment: null,
    ...extra,
  };
}

/** Alice sends `extra` as a message through the room: answers whether the server kept it. */
async function send(app: TestApp, build: (ids: { aliceId: string; bobId: string }) => Promise<Partial<ChatMessage>>) {
  const room = await setUpRoom(app);
  const sent = message(room.aliceId, await build({ aliceId: room.aliceId, bobId: room.bob.user.id }));
  addMessage(room.doc, sent);
  await room.rooms.roomOf(room.chatId)?.settled();
  const serverDoc = room.rooms.roomOf(room.chatId)?.doc ?? new Y.Doc();
  return { isKept: messagesOf(serverDoc).has(sent.id), closeCode: room.socket.closeCode, room };
}

type UploadFields = Omit<Parameters<typeof toMediaDto>[0], 'placeholder'> & { placeholder?: string | null };

function attachmentOf(upload: UploadFields): ChatAttachment {
  const media = toMediaDto({ ...upload, placeholder: upload.placeholder ?? null });
  return {
    uploadId: upload.id,
    kind: media.kind,
    url: media.url,
    thumbUrl: media.thumbUrl,
    width: media.width,
    height: media.height,
    placeholder: media.placeholder,
  };
}

describe('what a message may point at (shared post, attachment)', () => {
  it('accepts a post of this campus, and one deleted since it was shared', async () => {
    const app = await createTestApp();
    const shared = await send(app, async ({ bobId }) => ({
      postId: (await createPost(app.db, { user_id: bobId })).id,
    }));
    expect(shared).toMatchObject({ isKept: true, closeCode: null });
    const gone = await send(app, async () => {
      const id = uuidv7();
      await app.db
        .insertInto('deleted_posts')
        .values({ id, campus_id: 'ou', deleted_at: new Date().toISOString() })
        .execute();
      return { postId: id, text: 'this one?' };
    });
    expect(gone.isKept).toBe(true);
  });

  it('refuses a post of another campus and one that never existed', async () => {
    const app = await createTestApp();
    for (const build of [
      async ({ bobId }: { bobId: string }) => ({
        postId: (await createPost(app.db, { user_id: bobId, campus_id: 'ut' })).id,
      }),
      async () => ({ postId: uuidv7() }),
    ]) {
      expect(await send(app, build)).toMatchObject({ isKept: false, closeCode: CHAT_SOCKET_CLOSE.refused });
    }
  });

  it("accepts the author's own upload as described by the server, and nothing else", async () => {
    const app = await createTestApp();
    let ownUploadId = '';
    const own = await send(app, async ({ aliceId }) => {
      const upload = await createUpload(app.db, { user_id: aliceId });
      ownUploadId = upload.id;
      return { attachment: attachmentOf(upload) };
    });
    expect(own).toMatchObject({ isKept: true, closeCode: null });
    // Storing the message claimed the upload for its chat: its owner can no longer delete the file.
    const claimed = await app.db
      .selectFrom('uploads')
      .select('chat_id')
      .where('id', '=', ownUploadId)
      .executeTakeFirstOrThrow();
    expect(claimed.chat_id).toBe(own.room.chatId);
    const alice = await app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', own.room.aliceId)
      .executeTakeFirstOrThrow();
    const deleted = await app.request(`/api/uploads/${ownUploadId}`, {
      method: 'DELETE',
      session: await app.signInAs(alice.id),
    });
    expect(deleted.status).toBe(409);
    expect(((await deleted.json()) as { errors: { msg: string }[] }).errors[0]?.msg).toBe(ALREADY_SENT_MESSAGE);
    const refusals = [
      async ({ bobId }: { aliceId: string; bobId: string }) => ({
        attachment: attachmentOf(await createUpload(app.db, { user_id: bobId })),
      }),
      async ({ aliceId }: { aliceId: string; bobId: string }) => ({
        attachment: {
          ...attachmentOf(await createUpload(app.db, { user_id: aliceId })),
          url: 'https://evil.example/x.png',
        },
      }),
      async ({ aliceId }: { aliceId: string; bobId: string }) => ({
        attachment: attachmentOf(await createUpload(app.db, { user_id: aliceId, campus_id: 'ut' })),
      }),
      // Already a post's: deleting that post would remove the file under the chat.
      async ({ aliceId }: { aliceId: string; bobId: string }) => {
        const post = await createPost(app.db, { user_id: aliceId });
        return { attachment: attachmentOf(await createUpload(app.db, { user_id: aliceId, post_id: post.id })) };
      },
      // The author's own, but already claimed by another chat (the one of the first message above).
      async ({ aliceId }: { aliceId: string; bobId: string }) => ({
        attachment: attachmentOf(await createUpload(app.db, { user_id: aliceId, chat_id: own.room.chatId })),
      }),
    ];
    for (const build of refusals) {
      expect(await send(app, build)).toMatchObject({ isKept: false, closeCode: CHAT_SOCKET_CLOSE.refused });
    }
  });

  it('stops messages of a socket opened before a block, within the recheck time', async () => {
    const app = await createTestApp();
    const room = await setUpRoom(app);
    const first = message(room.aliceId, { text: 'before' });
    addMessage(room.doc, first);
    await room.rooms.roomOf(room.chatId)?.settled();
    await createBlock(app.db, room.bob.user.id, room.aliceId);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = message(room.aliceId, { text: 'after the block' });
    addMessage(room.doc, after);
    const serverRoom = room.rooms.roomOf(room.chatId);
    await serverRoom?.settled();
    const serverDoc = serverRoom?.doc ?? new Y.Doc();
    expect(messagesOf(serverDoc).has(first.id)).toBe(true);
    expect(messagesOf(serverDoc).has(after.id)).toBe(false);
    expect(room.socket.closeCode).toBe(CHAT_SOCKET_CLOSE.refused);
  });
});
