import type { ChatAttachment, ChatMessage } from '@campus/shared/chat-doc';
import { messagesOf } from '@campus/shared/chat-doc';
import type { UploadDto } from '@campus/shared/post-api';
import type * as Y from 'yjs';
import type { ChatPhotoBody, LocalDb, LocalFile, OutboxEntry } from '../local-db.ts';
import type { OutboxDelivery } from '../outbox.ts';

/**
 * Chat photos in the outbox (decision 015): a message whose photo or video
 * was picked offline is an outbox entry of kind `chat.photo` with its file.
 * The outbox's drain uploads the file (the message id is the file's
 * Idempotency-Key, so a retry after a lost answer gets the same upload back)
 * and then this delivery puts the message, with the upload, in the chat's
 * Y.Doc. Exactly once: one drain at a time across tabs (the outbox's Web
 * Lock), and the doc is checked for the message id before the upload and
 * again before adding.
 */

export type ChatPhotoFile = Pick<LocalFile, 'name' | 'type' | 'blob'>;

/** A message waiting in the outbox with its file, as the conversation shows it. */
export interface QueuedChatPhoto {
  id: string;
  message: ChatMessage;
  file: ChatPhotoFile;
}

export function toChatAttachment(upload: UploadDto): ChatAttachment {
  return {
    uploadId: upload.id,
    kind: upload.kind,
    url: upload.url,
    thumbUrl: upload.thumbUrl,
    width: upload.width,
    height: upload.height,
    placeholder: upload.placeholder,
  };
}

/** The viewer's queued messages in one chat, in the order they were sent. */
export async function queuedChatPhotos(db: LocalDb, viewerId: string, chatId: string): Promise<QueuedChatPhoto[]> {
  const entries = await db.outbox
    .where('postId')
    .equals(chatId)
    .filter((entry) => entry.kind === 'chat.photo' && entry.userId === viewerId)
    .sortBy('seq');
  return entries.flatMap((entry) => {
    const file = entry.files[0];
    return file ? [{ id: entry.id, message: (entry.body as ChatPhotoBody).message, file }] : [];
  });
}

/** A chat's Y.Doc, loaded from the device, for as long as a drain needs it. */
export interface DeliveryDoc {
  doc: Y.Doc;
  /** Adds the viewer's message the way the composer does (pending until the server has it). */
  send(message: ChatMessage): void;
  release(): void;
}

/** The outbox's delivery of `chat.photo` entries: each chat's doc opened once per drain. */
export function createChatPhotoDelivery(openDoc: (chatId: string) => Promise<DeliveryDoc>): OutboxDelivery {
  const docs = new Map<string, Promise<DeliveryDoc>>();
  const docOf = (chatId: string) => {
    let doc = docs.get(chatId);
    if (!doc) {
      doc = openDoc(chatId);
      docs.set(chatId, doc);
    }
    return doc;
  };
  const bodyOf = (entry: OutboxEntry) => entry.body as ChatPhotoBody;
  return {
    async isDelivered(entry) {
      return messagesOf((await docOf(bodyOf(entry).chatId)).doc).has(entry.id);
    },
    async deliver(entry) {
      const { chatId, message } = bodyOf(entry);
      const upload = entry.files[0]?.upload;
      if (!upload) throw new Error('A chat photo was delivered before its file was uploaded');
      const target = await docOf(chatId);
      if (!messagesOf(target.doc).has(entry.id)) target.send({ ...message, attachment: toChatAttachment(upload) });
    },
    release() {
      for (const doc of docs.values())
        void doc.then(
          (target) => target.release(),
          () => undefined,
        );
    },
  };
}
