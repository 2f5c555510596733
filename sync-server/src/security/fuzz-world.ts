import { sql } from 'kysely';
import { findOrCreateChat } from '../chats/chats.repository.ts';
import type { InsertableUserRow } from '../db/schema.ts';
import { createPasswordUser, PASSWORD } from '../test/accounts.ts';
import { createPost, createUpload, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** What a path parameter names; the world has real ones of each kind, and odd values are mixed in. */
export type ParamKind = 'post' | 'comment' | 'user' | 'chat' | 'upload' | 'username' | 'tab' | 'campus';

export interface FuzzWorld {
  app: TestApp;
  /** The signed-in member (a school-verified OU student with a password) every request is sent as. */
  member: InsertableUserRow;
  /** Another OU member, and a student of another campus. */
  other: InsertableUserRow;
  stranger: InsertableUserRow;
  password: string;
  /** Real ids of `kind` as the world stands now (recreated when a request deleted them). */
  ids(kind: ParamKind): Promise<string[]>;
  /** A fresh session of the member (a request may have ended the last one). */
  session(): Promise<string>;
  /** Every row of every table, as text: equal before and after means the request wrote nothing. */
  snapshot(): Promise<Map<string, string>>;
}

/** A small campus: a member with a post, a comment, a chat and an upload, another member and a stranger. */
export async function createFuzzWorld(): Promise<FuzzWorld> {
  const app = await createTestApp();
  const { db } = app;
  // A member who may post: profile set up (photo and bio), school e-mail verified.
  const member = await createPasswordUser(app, { profile_set_up: 1, bio: 'Junior', img: '/media/avatars/me.webp' });
  const other = await createUser(db);
  const stranger = await createUser(db, { campus_id: 'ut', email: `stranger${Date.now()}@utexas.edu` });

  async function ownPosts() {
    const rows = await db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', member.id)
      .where('parent_id', 'is', null)
      .limit(2)
      .execute();
    if (rows.length > 0) return rows.map((row) => row.id);
    return [(await createPost(db, { user_id: member.id })).id];
  }
  async function otherPost() {
    const row = await db.selectFrom('posts').select('id').where('user_id', '=', other.id).limit(1).executeTakeFirst();
    return row?.id ?? (await createPost(db, { user_id: other.id })).id;
  }

  const lookups: Record<ParamKind, () => Promise<string[]>> = {
    post: async () => [...(await ownPosts()), await otherPost()],
    comment: async () => {
      const row = await db.selectFrom('posts').select('id').where('parent_id', 'is not', null).executeTakeFirst();
      const parentId = await otherPost();
      return [row?.id ?? (await createPost(db, { user_id: member.id, parent_id: parentId })).id];
    },
    user: async () => [other.id, member.id, stranger.id],
    chat: async () => {
      const { chatId } = await findOrCreateChat(db, 'ou', member.id, other.id);
      return [chatId];
    },
    upload: async () => {
      const row = await db
        .selectFrom('uploads')
        .select('id')
        .where('user_id', '=', member.id)
        .where('post_id', 'is', null)
        .executeTakeFirst();
      return [row?.id ?? (await createUpload(db, { user_id: member.id })).id];
    },
    username: async () => {
      const rows = await db.selectFrom('users').select('username').where('id', 'in', [member.id, other.id]).execute();
      return [...rows.map((row) => row.username), stranger.username];
    },
    tab: async () => ['posts', 'photos', 'replies', 'likes'],
    campus: async () => ['ut', 'ou', 'campus'],
  };

  return {
    app,
    member,
    other,
    stranger,
    password: PASSWORD,
    ids: (kind) => lookups[kind](),
    session: () => app.signInAs(member.id),
    async snapshot() {
      const tables = await sql<{ name: string }>`
        select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
        order by name`.execute(db);
      const snapshot = new Map<string, string>();
      for (const { name } of tables.rows) {
        const rows = await sql<unknown>`select * from ${sql.table(name)}`.execute(db);
        snapshot.set(
          name,
          JSON.stringify(rows.rows, (_, value) => (value instanceof Uint8Array ? [...value] : value)),
        );
      }
      return snapshot;
    },
  };
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
