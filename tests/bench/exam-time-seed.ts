import path from 'node:path';
import { uuidv7 } from '@campus/shared/ids';
import { upsertCampusCatalogue } from '@campus/sync-server/campus/campus.repository';
import { findOrCreateChat } from '@campus/sync-server/chats/chats.repository';
import { migrateToLatest, openDatabase } from '@campus/sync-server/db/database';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { seedFeedCampus } from './feed-seed.ts';
import { createRandom, makePlaceholders } from './seed-content.ts';

interface Student {
  userId: string;
  token: string;
}

export interface ExamCampus {
  readers: string[];
  writers: Student[];
  /** The newest posts, each with a thread of hundreds of comments: where the comments go. */
  threadIds: string[];
  /** Recent posts the writers save and unsave. */
  recentPostIds: string[];
  chats: { chatId: string; a: Student; b: Student }[];
  counts: { users: number; posts: number; comments: number };
}

const READERS = 500;
const WRITERS = 200;
const THREADS = 5;
const COMMENTS_PER_THREAD = 300;
const CHAT_PAIRS = 10;

/**
 * The feed fixture's campus (100,000 posts, 2,000 students) in `dataDir`'s database, as the real
 * server will open it: the newest posts carry threads of hundreds of comments by as many students,
 * readers and writers have sessions of their own, chat pairs have their chats. Analyzed, as a
 * server's `PRAGMA optimize` keeps it.
 */
export async function seedExamCampus(dataDir: string): Promise<ExamCampus> {
  const { db, sqlite, walCheckpointer } = openDatabase(path.join(dataDir, 'campus.sqlite'));
  try {
    await migrateToLatest(db);
    await upsertCampusCatalogue(db, undefined);
    const placeholders = await makePlaceholders(16, createRandom(7));
    const counts = seedFeedCampus(sqlite, { campusId: 'ou', users: 2_000, posts: 100_000, placeholders });
    // Writers and chatters must be members who may post and message (school-verified); readers may be anyone.
    const users = sqlite
      .prepare("select id from users where campus_id = 'ou' order by school_verified desc, id")
      .pluck()
      .all() as string[];
    const newest = sqlite
      .prepare(
        "select id from posts where campus_id = 'ou' and parent_id is null order by last_modified desc limit 200",
      )
      .pluck()
      .all() as string[];
    const threadIds = newest.slice(0, THREADS);
    const insertComment = sqlite.prepare(
      `insert into posts (id, campus_id, user_id, text_json, text_plain, parent_id, root_id, created_at, last_modified)
       values (?, 'ou', ?, '{}', 'Still for sale?', ?, ?, ?, ?)`,
    );
    const at = new Date(Date.now() - 3_600_000).toISOString();
    sqlite.transaction(() => {
      for (const [thread, postId] of threadIds.entries()) {
        let parentId = postId;
        for (let index = 0; index < COMMENTS_PER_THREAD; index++) {
          const id = uuidv7();
          insertComment.run(id, users[(thread * 97 + index) % users.length], parentId, postId, at, at);
          // Every fifth comment is answered by the next: threads a few levels deep.
          parentId = index % 5 === 0 ? id : postId;
        }
        sqlite.prepare('update posts set comment_count = ? where id = ?').run(COMMENTS_PER_THREAD, postId);
      }
    })();

    const student = async (userId: string): Promise<Student> => {
      const token = generateSessionToken();
      await createSession(db, token, userId);
      return { userId, token };
    };
    const writers: Student[] = [];
    for (const userId of users.slice(0, WRITERS)) writers.push(await student(userId));
    const chats: ExamCampus['chats'] = [];
    const chatters = users.slice(WRITERS, WRITERS + CHAT_PAIRS * 2);
    for (let pair = 0; pair < CHAT_PAIRS; pair++) {
      const [a, b] = [chatters[pair * 2], chatters[pair * 2 + 1]];
      if (!a || !b) throw new Error('not enough students for the chats');
      const { chatId } = await findOrCreateChat(db, 'ou', a, b);
      chats.push({ chatId, a: await student(a), b: await student(b) });
    }
    const readers: string[] = [];
    for (const userId of users.slice(-READERS)) readers.push(`session=${(await student(userId)).token}`);
    sqlite.exec('ANALYZE');
    return {
      readers,
      writers,
      threadIds,
      recentPostIds: newest.slice(THREADS),
      chats,
      counts: { users: counts.users, posts: counts.posts, comments: THREADS * COMMENTS_PER_THREAD },
    };
  } finally {
    await walCheckpointer.stop();
    await db.destroy();
  }
}
