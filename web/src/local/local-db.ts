import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import type { ChatMessage } from '@campus/shared/chat-doc';
import type { NotificationDto } from '@campus/shared/notifications-api';
import type { MediaDto, PostDto, PostPageDto, UploadDto } from '@campus/shared/post-api';
import { Dexie, type EntityTable, type Table } from 'dexie';
import { clearFeedSnapshot } from './feed-snapshot.ts';

/**
 * What the app keeps on the device (issue 5, docs/decisions/013). Each campus
 * is its own origin, so one database holds one campus; `meta.owner` names the
 * user whose data it is, and a different user signing in starts it afresh
 * (the outbox excepted: it waits for its own author).
 */

/** A post as last seen in the campus feed; screens order by `lastModified`. */
export interface FeedEntry {
  id: string;
  lastModified: string;
  post: PostDto;
}

/** A post page (the post, its thread, the viewer's save and ownership) as last opened. */
interface PostPageEntry {
  id: string;
  page: PostPageDto;
  fetchedAt: number;
}

/** A post in the viewer's /saved list, newest saved first. */
interface SavedEntry {
  id: string;
  savedAt: string;
  post: PostDto;
}

export type MutationKind =
  | 'post.create'
  | 'comment.create'
  | 'save.set'
  | 'post.update'
  | 'post.delete'
  | 'profile.update'
  | 'profile.photo'
  /** A chat message with a photo or video picked offline (decision 015): delivered into its chat's Y.Doc. */
  | 'chat.photo'
  /** Notifications displayed (and marked read on the device at once): notification-reads.ts. */
  | 'notifications.read';

export type MutationState = 'pending' | 'sending' | 'failed';

/** A file attached while offline: kept as a Blob until the outbox uploads it. */
export interface LocalFile {
  id: string;
  name: string;
  type: string;
  blob: Blob;
  /** The multipart field it is sent in ('file' when absent; the profile photo is 'photo'). */
  field?: string;
  /** The server's upload id once sent (a retry does not upload twice). */
  uploadId: string | null;
  /** The server's whole answer for it, once sent (a chat message describes its attachment with it). */
  upload?: UploadDto;
}

/** One write waiting to reach the server, in the order it was made. */
export interface OutboxEntry {
  /** The mutation id: the Idempotency-Key, and the new row's id for creates. */
  id: string;
  seq?: number;
  userId: string;
  kind: MutationKind;
  /**
   * The post it concerns (for creates: the new post's or comment's own id);
   * for a profile change the user's id, for a chat photo the chat's.
   */
  postId: string;
  /** For comments: the top-level post whose page shows it. */
  rootId: string | null;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Where it goes: a REST path, or for a chat photo the chat's socket path. */
  path: string;
  body: unknown;
  files: LocalFile[];
  /** Files uploaded before it was queued, as the pending post shows them. */
  media?: MediaDto[];
  state: MutationState;
  /** The server's messages when it refused the mutation. */
  errors: string[];
  attempts: number;
  createdAt: string;
}

interface MetaEntry {
  key: string;
  value: unknown;
}

/** A row of /notifications as last seen (issue 21); the list orders by `updatedAt` (decision 032). */
interface NotificationEntry {
  id: string;
  updatedAt: string;
  notification: NotificationDto;
}
/** Later issues fill these; the schema has them so no migration is needed then. */
interface InboxEntry {
  id: string;
  lastModified: string;
  value: unknown;
}
/** A search the student made on this device (the header box's 'My Recent'; decision 038). */
export interface RecentSearchEntry {
  /** Whose search: the signed-in user's id, or '' for a visitor (the generic site). */
  userId: string;
  text: string;
  searchedAt: string;
}
interface DraftEntry {
  key: string;
  value: unknown;
  savedAt: string;
}

/** A `chat.photo` mutation's body: the message as sent, id and time included; its attachment is added once uploaded. */
export interface ChatPhotoBody {
  chatId: string;
  message: ChatMessage;
}

/** A chat photo to queue; also a row of version 2's `chatPhotos` table, which version 3 moved into the outbox. */
export interface ChatPhotoRow {
  id: string;
  chatId: string;
  viewerId: string;
  message: ChatMessage;
  file: { name: string; type: string; blob: Blob };
}

/** The outbox mutation a chat photo is (the message id is the mutation's, its file's and the upload's key). */
export function chatPhotoMutation(
  row: ChatPhotoRow,
): Omit<OutboxEntry, 'seq' | 'state' | 'errors' | 'attempts' | 'createdAt'> {
  const body: ChatPhotoBody = { chatId: row.chatId, message: row.message };
  return {
    id: row.id,
    userId: row.viewerId,
    kind: 'chat.photo',
    postId: row.chatId,
    rootId: null,
    method: 'POST',
    path: `${CHAT_SOCKET_PREFIX}${row.chatId}`,
    body,
    files: [{ id: row.id, name: row.file.name, type: row.file.type, blob: row.file.blob, uploadId: null }],
  };
}

export type LocalDb = Dexie & {
  feed: EntityTable<FeedEntry, 'id'>;
  postPages: EntityTable<PostPageEntry, 'id'>;
  saved: EntityTable<SavedEntry, 'id'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  meta: EntityTable<MetaEntry, 'key'>;
  notifications: EntityTable<NotificationEntry, 'id'>;
  inbox: EntityTable<InboxEntry, 'id'>;
  recentSearches: Table<RecentSearchEntry, [string, string]>;
  drafts: EntityTable<DraftEntry, 'key'>;
};

const LOCAL_DB_NAME = 'campus-buy-sell';

/**
 * The shipped versions 1 and 2, frozen: `openLocalDb` builds on them, and the upgrade tests
 * write rows with them as a device on an earlier release left them.
 */
export const SHIPPED_STORES = {
  1: {
    feed: 'id, lastModified',
    postPages: 'id, fetchedAt',
    saved: 'id, savedAt',
    outbox: '++seq, &id, userId, postId, rootId, kind',
    meta: 'key',
    notifications: 'id, createdAt',
    inbox: 'id, lastModified',
    recentSearches: 'text, searchedAt',
    drafts: 'key',
  },
  // Version 2 added the chat photo queue, a table of its own (decision 015, session 9).
  2: { chatPhotos: 'id, viewerId, [viewerId+chatId]' },
} as const;

/**
 * Versioned schema: a new version adds `.version(n + 1).stores({...})` with
 * an `.upgrade()` when rows change shape; never edit a shipped version.
 */
export function openLocalDb(name = LOCAL_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]): LocalDb {
  const db = new Dexie(name, options) as LocalDb;
  db.version(1).stores(SHIPPED_STORES[1]);
  db.version(2).stores(SHIPPED_STORES[2]);
  // Version 3 (issue 20, decision 029): a post's and a comment's `likeCount` is now `saveCount`;
  // the cached ones are renamed in place, so an offline start still shows their counts.
  db.version(3)
    .stores({})
    .upgrade(async (transaction) => {
      for (const table of ['feed', 'saved'] as const) {
        await transaction
          .table(table)
          .toCollection()
          .modify((entry: { post?: object }) => {
            if (entry.post) renameLikeCount(entry.post);
          });
      }
      await transaction
        .table('postPages')
        .toCollection()
        .modify((entry: { page?: { post?: object; thread?: object[] } }) => {
          if (entry.page?.post) renameLikeCount(entry.page.post);
          for (const comment of entry.page?.thread ?? []) renameLikeCount(comment);
        });
    });
  // Version 4: a chat photo is an outbox entry (kind 'chat.photo'). The queued rows move into the
  // outbox, oldest first, after what was queued there, in the upgrade's one transaction; then the table goes.
  db.version(4)
    .stores({ chatPhotos: null })
    .upgrade(async (tx) => {
      const rows: ChatPhotoRow[] = await tx.table('chatPhotos').toArray();
      rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      for (const row of rows) {
        // Never twice: an upgrade that threw would leave the database unopenable, every queued write with it.
        if ((await tx.table('outbox').where('id').equals(row.id).count()) > 0) continue;
        const entry: OutboxEntry = {
          ...chatPhotoMutation(row),
          state: 'pending',
          errors: [],
          attempts: 0,
          createdAt: row.message.createdAt,
        };
        await tx.table('outbox').add(entry);
      }
    });
  // Version 5 (issue 21, decision 032): /notifications orders by `updatedAt` (a merged row moves up when it
  // changes); the table held nothing before, so it is only re-indexed.
  db.version(5).stores({ notifications: 'id, updatedAt' });
  // Versions 6 and 7 (issue 22, decision 038): a recent search belongs to its user, keyed [userId+text].
  // IndexedDB cannot change a table's key, so 6 drops the table and 7 makes it again; the rows (none
  // were written before) are carried across to the device's owner, a visitor's dropped.
  let carried: RecentSearchEntry[] = [];
  db.version(6)
    .stores({ recentSearches: null })
    .upgrade(async (tx) => {
      const owner = (await tx.table('meta').get('owner'))?.value;
      const rows: { text: string; searchedAt: string }[] = await tx.table('recentSearches').toArray();
      carried = typeof owner === 'string' ? rows.map((row) => ({ ...row, userId: owner })) : [];
    });
  db.version(7)
    .stores({ recentSearches: '[userId+text], [userId+searchedAt]' })
    .upgrade(async (tx) => {
      await tx.table('recentSearches').bulkPut(carried);
    });
  return db;
}

/** Version 3's rename on one cached post or comment, and on its replies. */
function renameLikeCount(item: object): void {
  const row = item as { likeCount?: number; saveCount?: number; replies?: object[] };
  if (row.likeCount !== undefined) {
    row.saveCount = row.likeCount;
    delete row.likeCount;
  }
  for (const reply of row.replies ?? []) renameLikeCount(reply);
}

/** The `meta` row naming the user whose read cache this is (null: a visitor's). */
export const CACHE_OWNER_KEY = 'owner';

/** Whose reads the cache holds: the feed, post pages and saved rows carry no user of their own. */
export async function readCacheOwner(db: LocalDb): Promise<string | null> {
  return ((await db.meta.get(CACHE_OWNER_KEY))?.value as string | null | undefined) ?? null;
}

let shared: LocalDb | undefined;

/** The app's one database (tests open their own with `openLocalDb`). */
export function localDb(): LocalDb {
  shared ??= openLocalDb();
  return shared;
}

/** Forgets everything read from the server (sign-out, another user); keeps the outbox and drafts. */
export async function clearReadCache(db: LocalDb): Promise<void> {
  clearFeedSnapshot();
  await db.transaction('rw', [db.feed, db.postPages, db.saved, db.notifications, db.inbox, db.meta], async () => {
    await Promise.all([
      db.feed.clear(),
      db.postPages.clear(),
      db.saved.clear(),
      db.notifications.clear(),
      db.inbox.clear(),
      db.meta.clear(),
    ]);
  });
}
