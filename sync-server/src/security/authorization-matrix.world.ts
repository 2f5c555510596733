import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashPassword } from '../auth/password.ts';
import { recordMessage } from '../chats/chat-test-helpers.ts';
import { findOrCreateChat } from '../chats/chats.repository.ts';
import type { Db } from '../db/database.ts';
import type { InsertableUserRow } from '../db/schema.ts';
import { notifyComment } from '../notifications/comment-notifications.ts';
import { loadUnsubscribeKey, unsubscribeToken } from '../notifications/unsubscribe-token.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';
import { PASSWORD } from '../test/accounts.ts';
import {
  createAd,
  createBlock,
  createMedia,
  createPost,
  createSave,
  createUpload,
  createUser,
} from '../test/factories.ts';

/**
 * The roles of the authorization matrix, in the order of every row's expectation string.
 * Campus A is OU (ou.localhost), campus B is UT; every request goes to campus A's host.
 */
export const ROLES = [
  /** No session cookie. */
  'visitor',
  /** Signed up on campus A, e-mail not yet verified. */
  'unverified',
  /** Campus A account with a verified personal e-mail but no school e-mail. */
  'notSchoolVerified',
  /** A full member of campus B, its session sent to campus A's host. */
  'otherCampus',
  /** A full member of campus A; the owner's chat partner. */
  'member',
  /** The full member of campus A who owns the resources (post, upload, chats). */
  'owner',
  /** A full member of campus A whom the owner has blocked. */
  'blocked',
] as const;

export type Role = (typeof ROLES)[number];

export const CAMPUS_A_HOST = 'ou.localhost';

export interface MatrixUser {
  id: string;
  username: string;
  email: string;
  first_name: string;
}

/** What a row's request may point at; made fresh for `fresh` rows, once per file otherwise. */
export interface World {
  users: Record<Exclude<Role, 'visitor'>, MatrixUser>;
  /** A member of campus A no one else touches: the target of block and report rows. */
  bystander: MatrixUser;
  /** A campus A member with the password PASSWORD (for the login row). */
  passwordUser: MatrixUser;
  /** The owner's top-level post on campus A, with a photo; the member saved it. */
  post: string;
  /** A post of the blocked member: the block hides it from the owner too. */
  blockedPost: string;
  /** The member's comment on `post`. */
  comment: string;
  /** The owner's notification of that comment. */
  notification: string;
  /** The owner's notification e-mail unsubscribe token (decision 033). */
  unsubscribeToken: string;
  /** An upload of the owner that no post claims yet. */
  upload: string;
  /** The chat of owner and member, with a message. */
  chat: string;
  /** The chat of owner and blocked, begun before the block. */
  blockedChat: string;
  /** A file served under /media/. */
  mediaPath: string;
  /** The owner's running ad of `post` (decision 040), and its paid checkout session. */
  ad: string;
  adSession: string;
}

const FULL_MEMBER: Partial<InsertableUserRow> = {
  verified: 1,
  school_verified: 1,
  profile_set_up: 1,
  bio: 'Junior',
  img: '/media/avatars/me.webp',
};

let worldCount = 0;
let passwordHash: Promise<string> | undefined;

async function user(db: Db, name: string, overrides: Partial<InsertableUserRow>): Promise<MatrixUser> {
  const row = await createUser(db, { first_name: name, ...overrides });
  return { id: row.id, username: row.username, email: row.email, first_name: row.first_name };
}

/** Real rows in the server's database, as the routes would have left them. */
export async function buildWorld(db: Db, dataDir: string): Promise<World> {
  const n = ++worldCount;
  passwordHash ??= hashPassword(PASSWORD);
  // The 'x' ends the name, so a search for Owner1x finds no Owner12x.
  const owner = await user(db, `Owner${n}x`, FULL_MEMBER);
  const member = await user(db, `Member${n}`, FULL_MEMBER);
  const blocked = await user(db, `Blocked${n}`, FULL_MEMBER);
  const unverified = await user(db, `Unverified${n}`, { verified: 0, school_verified: 0, school_verified_at: null });
  const notSchoolVerified = await user(db, `Personal${n}`, {
    ...FULL_MEMBER,
    email: `personal${n}.${Date.now()}@gmail.com`,
    school_verified: 0,
    school_verified_at: null,
  });
  const otherCampus = await user(db, `Texan${n}`, {
    ...FULL_MEMBER,
    campus_id: 'ut',
    email: `texan${n}.${Date.now()}@utexas.edu`,
  });
  const bystander = await user(db, `Bystander${n}`, FULL_MEMBER);
  const passwordUser = await user(db, `Password${n}`, { ...FULL_MEMBER, password_hash: await passwordHash });

  const post = await createPost(db, { user_id: owner.id, text_plain: `Owner's bike ${n}`, img_count: 1 });
  const mediaPath = `matrix/${post.id}.webp`;
  await createMedia(db, { post_id: post.id, path: mediaPath, thumb_path: mediaPath });
  await mkdir(path.join(dataDir, 'media', 'matrix'), { recursive: true });
  await writeFile(path.join(dataDir, 'media', mediaPath), 'image bytes');
  const blockedPost = await createPost(db, { user_id: blocked.id, text_plain: `Blocked's lamp ${n}` });
  const comment = await createPost(db, { user_id: member.id, parent_id: post.id, text_plain: 'Still for sale?' });
  await createSave(db, { post_id: post.id, user_id: member.id });
  await notifyComment(db, {
    commentId: comment.id,
    authorId: member.id,
    campusId: 'ou',
    parentId: post.id,
    postId: post.id,
    at: comment.created_at,
  });
  const notification = await db
    .selectFrom('notifications')
    .select('id')
    .where('comment_id', '=', comment.id)
    .executeTakeFirstOrThrow();
  const upload = await createUpload(db, { user_id: owner.id });

  const { chatId: chat } = await findOrCreateChat(db, 'ou', owner.id, member.id);
  await recordMessage(db, chat, owner.id, 'Is Friday fine?');
  const { chatId: blockedChat } = await findOrCreateChat(db, 'ou', owner.id, blocked.id);
  await recordMessage(db, blockedChat, blocked.id, 'Hello?');
  await createBlock(db, owner.id, blocked.id);
  const ad = await createAd(db, { user_id: owner.id, post_id: post.id, checkout_session_id: `cs_matrix_${n}` });

  return {
    users: { unverified, notSchoolVerified, otherCampus, member, owner, blocked },
    bystander,
    passwordUser,
    post: post.id,
    blockedPost: blockedPost.id,
    comment: comment.id,
    notification: notification.id,
    unsubscribeToken: encodeURIComponent(
      unsubscribeToken(loadUnsubscribeKey({ unsubscribeSecret: undefined, dataDir }), owner.id),
    ),
    upload: upload.id,
    chat,
    blockedChat,
    mediaPath: `/media/${mediaPath}`,
    ad: ad.id,
    adSession: `cs_matrix_${n}`,
  };
}

/** A new session for `role` (none for a visitor): each cell signs in afresh, so a logout or password change in one cell ends no other's. */
export async function sessionFor(db: Db, world: World, role: Role): Promise<string | null> {
  if (role === 'visitor') return null;
  const token = generateSessionToken();
  await createSession(db, token, world.users[role].id);
  return token;
}
