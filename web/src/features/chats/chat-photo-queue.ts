import type { ChatAttachment, ChatMessage } from '@campus/shared/chat-doc';
import { messagesOf } from '@campus/shared/chat-doc';
import type { UploadDto } from '@campus/shared/post-api';
import { IDEMPOTENCY_HEADER } from '@campus/shared/sync-api';
import type * as Y from 'yjs';
import { ApiRequestError, apiRequest, isTransientStatus } from '../../lib/api-client.ts';
import type { ChatPhotoEntry, LocalDb } from '../../local/local-db.ts';

/**
 * The chat photo queue (decision 015, session 9): a message whose photo or
 * video was picked offline waits here, on this device, with its file. When
 * the device is online a drain uploads the file, puts the message (with the
 * upload) in the chat's Y.Doc, and deletes the row. Exactly once: one drain
 * at a time across tabs (a Web Lock), the doc is checked for the message id
 * before adding, and the upload carries the message id as Idempotency-Key so
 * a retry after a lost answer gets the same upload back.
 */

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

export async function queueChatPhoto(db: LocalDb, entry: ChatPhotoEntry): Promise<void> {
  await db.chatPhotos.put(entry);
}

/** The viewer's queued messages in one chat, oldest first (ids are UUIDv7). */
export function queuedChatPhotos(db: LocalDb, viewerId: string, chatId: string): Promise<ChatPhotoEntry[]> {
  return db.chatPhotos.where('[viewerId+chatId]').equals([viewerId, chatId]).sortBy('id');
}

/** POST /api/uploads with the queued file; the message id is the Idempotency-Key. */
export function uploadQueuedFile(entry: ChatPhotoEntry, url = '/api/uploads'): Promise<UploadDto> {
  const form = new FormData();
  form.append('file', new File([entry.file.blob], entry.file.name, { type: entry.file.type }));
  return apiRequest<UploadDto>(url, { method: 'POST', body: form, headers: { [IDEMPOTENCY_HEADER]: entry.id } });
}

/** A chat's Y.Doc, loaded from the device, for as long as a drain needs it. */
export interface DrainDoc {
  doc: Y.Doc;
  /** Adds the viewer's message the way the composer does (pending until the server has it). */
  send(message: ChatMessage): void;
  release(): void;
}

export interface ChatPhotoDrainOptions {
  db: LocalDb;
  viewerId: string;
  openDoc(chatId: string): Promise<DrainDoc>;
  upload?(entry: ChatPhotoEntry): Promise<UploadDto>;
  /** navigator.locks in the browser: one drain at a time across tabs. */
  withLock?<T>(run: () => Promise<T>): Promise<T>;
  /** The server refused the file (wrong type, too big…): the row is gone, say why. */
  onRefused?(entry: ChatPhotoEntry, message: string): void;
}

/** 'offline': the network failed, the rest waits; 'later': the server is busy, try again on the next trigger. */
export type ChatPhotoDrainResult = 'drained' | 'offline' | 'later';

async function drainNow(options: ChatPhotoDrainOptions): Promise<ChatPhotoDrainResult> {
  const { db, viewerId, upload = uploadQueuedFile } = options;
  const docs = new Map<string, DrainDoc>();
  try {
    for (;;) {
      const entry = await db.chatPhotos.where('viewerId').equals(viewerId).first();
      if (!entry) return 'drained';
      let target = docs.get(entry.chatId);
      if (!target) {
        target = await options.openDoc(entry.chatId);
        docs.set(entry.chatId, target);
      }
      // Sent already (a drain stopped between adding it and deleting the row): only the row is left.
      if (!messagesOf(target.doc).has(entry.id)) {
        let uploaded: UploadDto;
        try {
          uploaded = await upload(entry);
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
          if (error.status === 0) return 'offline';
          if (isTransientStatus(error.status)) return 'later';
          await db.chatPhotos.delete(entry.id);
          options.onRefused?.(entry, error.message);
          continue;
        }
        if (!messagesOf(target.doc).has(entry.id)) {
          target.send({ ...entry.message, attachment: toChatAttachment(uploaded) });
        }
      }
      await db.chatPhotos.delete(entry.id);
    }
  } finally {
    for (const target of docs.values()) target.release();
  }
}

/** Sends the viewer's queued messages, oldest first, one drain at a time. */
export function drainChatPhotos(options: ChatPhotoDrainOptions): Promise<ChatPhotoDrainResult> {
  const withLock = options.withLock ?? ((run) => run());
  return withLock(() => drainNow(options));
}
