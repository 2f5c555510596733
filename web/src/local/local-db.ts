import type { ChatMessage } from '@campus/shared/chat-doc';
import type { MediaDto, PostDto, PostPageDto } from '@campus/shared/post-api';
import { Dexie, type EntityTable } from 'dexie';
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
  | 'profile.photo';

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
}

/** One write waiting to reach the server, in the order it was made. */
export interface OutboxEntry {
  /** The mutation id: the Idempotency-Key, and the new row's id for creates. */
  id: string;
  seq?: number;
  userId: string;
  kind: MutationKind;
  /** The post it concerns (for creates: the new post's or comment's own id). */
  postId: string;
  /** For comments: the top-level post whose page shows it. */
  rootId: string | null;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

/** Later issues fill these; the schema has them so no migration is needed then. */
interface NotificationEntry {
  id: string;
  createdAt: string;
  value: unknown;
}
interface InboxEntry {
  id: string;
  lastModified: string;
  value: unknown;
}
interface RecentSearchEntry {
  text: string;
  searchedAt: string;
}
interface DraftEntry {
  key: string;
  value: unknown;
  savedAt: string;
}

/**
 * A chat message with a photo or video picked offline (decision 015,
 * session 9): kept with its file until the file is uploaded and the message
 * goes into the chat's Y.Doc. Keyed by the message's id.
 */
export interface ChatPhotoEntry {
  id: string;
  chatId: string;
  viewerId: string;
  /** The message as sent, id and time included; its attachment is the upload, added when it exists. */
  message: ChatMessage;
  file: { name: string; type: string; blob: Blob };
}

export type LocalDb = Dexie & {
  feed: EntityTable<FeedEntry, 'id'>;
  postPages: EntityTable<PostPageEntry, 'id'>;
  saved: EntityTable<SavedEntry, 'id'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  meta: EntityTable<MetaEntry, 'key'>;
  notifications: EntityTable<NotificationEntry, 'id'>;
  inbox: EntityTable<InboxEntry, 'id'>;
  recentSearches: EntityTable<RecentSearchEntry, 'text'>;
  drafts: EntityTable<DraftEntry, 'key'>;
  chatPhotos: EntityTable<ChatPhotoEntry, 'id'>;
};

const LOCAL_DB_NAME = 'campus-buy-sell';

/**
 * Versioned schema: a new version adds `.version(n + 1).stores({...})` with
 * an `.upgrade()` when rows change shape; never edit a shipped version.
 */
export function openLocalDb(name = LOCAL_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]): LocalDb {
  const db = new Dexie(name, options) as LocalDb;
  db.version(1).stores({
    feed: 'id, lastModified',
    postPages: 'id, fetchedAt',
    saved: 'id, savedAt',
    outbox: '++seq, &id, userId, postId, rootId, kind',
    meta: 'key',
    notifications: 'id, createdAt',
    inbox: 'id, lastModified',
    recentSearches: 'text, searchedAt',
    drafts: 'key',
  });
  // Version 2 adds the chat photo queue. Dexie keeps version 1's tables and rows as they are;
  // no row changes shape, so there is nothing for an upgrade() to rewrite.
  db.version(2).stores({ chatPhotos: 'id, viewerId, [viewerId+chatId]' });
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
