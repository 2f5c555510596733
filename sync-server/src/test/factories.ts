import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type {
  AdTable,
  InsertablePostMediaRow,
  InsertablePostRow,
  InsertableUserRow,
  UploadTable,
} from '../db/schema.ts';
import { threadRootOf } from '../posts/post-tree.ts';

type InsertableUploadRow = Insertable<UploadTable>;

let sequence = 0;

/** A verified student of OU unless overridden (STYLE.md: factories such as createUser(overrides)). */
export async function createUser(db: Db, overrides: Partial<InsertableUserRow> = {}) {
  sequence++;
  const now = new Date().toISOString();
  const row: InsertableUserRow = {
    id: uuidv7(),
    campus_id: 'ou',
    first_name: 'Test',
    last_name: 'U.',
    username: `testuser${sequence}`,
    email: `testuser${sequence}@ou.edu`,
    verified: 1,
    school_verified: 1,
    school_verified_at: now,
    created_at: now,
    last_modified: now,
    ...overrides,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

/** A top-level text post by `userId` on the user's campus unless overridden. */
export async function createPost(db: Db, overrides: Partial<InsertablePostRow> & { user_id: string }) {
  const now = new Date().toISOString();
  const text = overrides.text_plain ?? `Post ${++sequence}`;
  const parentId = overrides.parent_id ?? null;
  const row: InsertablePostRow = {
    id: uuidv7(),
    campus_id: 'ou',
    text_json: JSON.stringify(plainTextToRichText(text)),
    text_plain: text,
    category: null,
    price: null,
    parent_id: null,
    // A comment names its thread's top-level post, as comments.service.ts does (issue 36); a top-level
    // post leaves the column out, for databases migrated to before it existed.
    ...(parentId === null ? {} : { root_id: await threadRootOf(db, parentId) }),
    created_at: now,
    last_modified: now,
    ...overrides,
  };
  await db.insertInto('posts').values(row).execute();
  return row;
}

export async function createMedia(db: Db, overrides: Partial<InsertablePostMediaRow> & { post_id: string }) {
  const row: InsertablePostMediaRow = {
    id: uuidv7(),
    kind: 'image',
    position: 0,
    path: 'test/photo.webp',
    thumb_path: 'test/photo-thumb.webp',
    width: 1200,
    height: 900,
    placeholder: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
  await db.insertInto('post_media').values(row).execute();
  return row;
}

/** An upload by `user_id` that no post has claimed yet (what POST /api/uploads leaves behind). */
export async function createUpload(db: Db, overrides: Partial<InsertableUploadRow> & { user_id: string }) {
  const id = overrides.id ?? uuidv7();
  const row: InsertableUploadRow = {
    id,
    campus_id: 'ou',
    kind: 'image',
    mime: 'image/webp',
    bytes: 1000,
    path: `posts/${id}/image.webp`,
    thumb_path: `posts/${id}/image-thumb.webp`,
    width: 1200,
    height: 900,
    placeholder: null,
    post_id: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
  await db.insertInto('uploads').values(row).execute();
  return row;
}

/** `user_id` saved `post_id` (spec 2 §4 like), keeping save_count in step as the API does. */
export async function createSave(db: Db, row: { post_id: string; user_id: string; created_at?: string }) {
  await db
    .insertInto('saves')
    .values({ created_at: new Date().toISOString(), ...row })
    .execute();
  await db
    .updateTable('posts')
    .set((eb) => ({ save_count: eb('save_count', '+', 1) }))
    .where('id', '=', row.post_id)
    .execute();
}

export async function createBlock(db: Db, blockerId: string, blockedId: string) {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date().toISOString() })
    .execute();
}

/** A running 3-day website ad of `post_id` by `user_id`, paid and started now (decision 040). */
export async function createAd(db: Db, overrides: Partial<Insertable<AdTable>> & { user_id: string; post_id: string }) {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const row: Insertable<AdTable> = {
    id: uuidv7(),
    campus_id: 'ou',
    title: 'Boosted listing',
    status: 'active',
    cta_type: 'website',
    cta_url: 'https://www.example.com',
    cta_label: 'Visit Website',
    duration_minutes: 3 * 1440,
    amount_budgeted: 1500,
    total_spent: 500,
    checkout_amount: 1500,
    start_time: now,
    end_time_adjusted: now + 3 * 24 * 60 * 60 * 1000,
    paused_at: null,
    ended_at: null,
    last_charged_at: now,
    payment_id: null,
    checkout_session_id: null,
    stripe_customer_id: null,
    stripe_payment_method_id: null,
    deleted_at: null,
    created_at: at,
    last_modified: at,
    ...overrides,
  };
  await db.insertInto('ads').values(row).execute();
  return row;
}
