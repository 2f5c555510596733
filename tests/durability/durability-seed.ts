/**
 * The data directory before the server's first start: migrated, the campus
 * catalogue in place, and the students of the test signed in (sessions made
 * through the server's own code, as a sign-in would), their chats started,
 * and a seller's posts for everyone to comment on.
 */
import path from 'node:path';
import { upsertCampusCatalogue } from '@campus/sync-server/campus/campus.repository';
import { findOrCreateChat } from '@campus/sync-server/chats/chats.repository';
import { migrateToLatest, openDatabase } from '@campus/sync-server/db/database';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { createPost, createUser } from '@campus/sync-server/test/factories';

export interface SeededMember {
  userId: string;
  /** The session cookie's value. */
  token: string;
}

interface SeededChat {
  chatId: string;
  members: [SeededMember, SeededMember];
}

export interface Seeded {
  /** Students who post and comment through their outbox. */
  writers: SeededMember[];
  /** Pairs who message each other over the chat socket. */
  chats: SeededChat[];
  /** Another student's posts, which the writers comment on. */
  sellerPostIds: string[];
}

export function databaseFileOf(dataDir: string): string {
  return path.join(dataDir, 'campus.sqlite');
}

export async function seedDataDir(
  dataDir: string,
  counts: { writers: number; chats: number; sellerPosts: number },
): Promise<Seeded> {
  const { db, walCheckpointer } = openDatabase(databaseFileOf(dataDir));
  try {
    await migrateToLatest(db);
    await upsertCampusCatalogue(db, undefined);
    async function member(firstName: string): Promise<SeededMember> {
      const user = await createUser(db, { campus_id: 'ou', first_name: firstName, profile_set_up: 1, img: '/a.webp' });
      const token = generateSessionToken();
      await createSession(db, token, user.id);
      return { userId: user.id, token };
    }
    const seller = await member('Sam');
    const sellerPostIds: string[] = [];
    for (let index = 0; index < counts.sellerPosts; index++) {
      sellerPostIds.push((await createPost(db, { user_id: seller.userId, text_plain: `Desk lamp ${index}` })).id);
    }
    const writers: SeededMember[] = [];
    for (let index = 0; index < counts.writers; index++) writers.push(await member(`Writer${index}`));
    const chats: SeededChat[] = [];
    for (let index = 0; index < counts.chats; index++) {
      const a = await member(`Alex${index}`);
      const b = await member(`Blair${index}`);
      const { chatId } = await findOrCreateChat(db, 'ou', a.userId, b.userId);
      chats.push({ chatId, members: [a, b] });
    }
    return { writers, chats, sellerPostIds };
  } finally {
    await walCheckpointer.stop();
    await db.destroy();
  }
}
