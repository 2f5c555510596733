import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CAMPUSES } from '@campus/shared/campuses';
import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import sharp from 'sharp';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import { threadRootOf } from '../posts/post-tree.ts';
import { renderImageVariants, type StoredImage, writeImageVariants } from '../uploads/image-variants.ts';
import { createArtCache } from './art-cache.ts';
import { avatarSvg, productPhotoSvg } from './demo-art.ts';
import type { DemoItemKind } from './demo-art-items.ts';
import { DEMO_CAMPUSES, type DemoListing } from './demo-content.ts';

const HOUR = 3_600_000;
/** Every demo student signs in with this password (README). */
const DEMO_PASSWORD = 'campus-demo';

/**
 * Fills an empty database with students, listings, text posts and comments
 * on OU and UT so a first `npm start` shows a living campus. Does nothing
 * once any user exists. Returns what it created, or null.
 */
export async function seedDemoData(
  db: Db,
  dataDir: string,
  { now = Date.now(), artCacheDir }: { now?: number; artCacheDir?: string } = {},
) {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const mediaDir = path.join(dataDir, 'media');
  const art = createArtCache(artCacheDir);
  const photos = new Map<string, Promise<StoredImage>>();
  function photo(kind: DemoItemKind, variant: number): Promise<StoredImage> {
    const key = `${kind}-${variant}`;
    let stored = photos.get(key);
    if (!stored) {
      const svg = productPhotoSvg(kind, variant);
      stored = art
        .variants(`photo, jpeg 90, variants\n${svg}`, async () =>
          renderImageVariants(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()),
        )
        .then((variants) => writeImageVariants(variants, mediaDir, `demo/${key}`));
      photos.set(key, stored);
    }
    return stored;
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let users = 0;
  let posts = 0;
  for (const demo of DEMO_CAMPUSES) {
    const campus = CAMPUSES.find((candidate) => candidate.id === demo.campusId);
    if (!campus) continue;
    const userIds: string[] = [];
    for (const [index, student] of demo.students.entries()) {
      const id = uuidv7(now - 60 * 24 * HOUR + index * HOUR);
      const username = `${student.firstName}${student.lastName}`.toLowerCase().replace(/[^a-z0-9]/g, '');
      const avatar = `avatars/${id}.webp`;
      await mkdir(path.join(mediaDir, 'avatars'), { recursive: true });
      const svg = avatarSvg(username);
      await writeFile(
        path.join(mediaDir, avatar),
        await art.bytes(`avatar, 256 px, webp 80\n${svg}`, () =>
          sharp(Buffer.from(svg)).resize(256).webp({ quality: 80 }).toBuffer(),
        ),
      );
      const joined = new Date(now - (40 - index * 6) * 24 * HOUR).toISOString();
      await db
        .insertInto('users')
        .values({
          id,
          campus_id: campus.id,
          first_name: student.firstName,
          last_name: student.lastName,
          username,
          email: `${username}@${campus.emailDomains[0] ?? 'example.edu'}`,
          school_email: `${username}@${campus.emailDomains[0] ?? 'example.edu'}`,
          grad_year: student.gradYear,
          password_hash: passwordHash,
          img: `/media/${avatar}`,
          bio: student.bio,
          profile_set_up: 1,
          verified: 1,
          school_verified: 1,
          school_verified_at: joined,
          created_at: joined,
          last_modified: joined,
        })
        .execute();
      userIds.push(id);
      users++;
    }
    for (const listing of demo.posts) {
      await insertListing(db, campus.id, userIds, listing, now, photo);
      posts++;
    }
  }
  return { users, posts };
}

async function insertListing(
  db: Db,
  campusId: string,
  userIds: string[],
  listing: DemoListing,
  now: number,
  photo: (kind: DemoItemKind, variant: number) => Promise<StoredImage>,
): Promise<void> {
  const created = now - listing.hoursAgo * HOUR;
  const authorId = userIds[listing.author] ?? userIds[0] ?? '';
  const postId = uuidv7(created);
  const comments = listing.comments ?? [];
  const lastActivity = new Date(created + comments.length * 0.25 * HOUR).toISOString();
  const photoCount = listing.item ? (listing.photos ?? 1) : 0;
  await db
    .insertInto('posts')
    .values({
      id: postId,
      campus_id: campusId,
      user_id: authorId,
      text_json: JSON.stringify(plainTextToRichText(listing.text)),
      text_plain: listing.text,
      category: listing.category ?? null,
      price: listing.price ?? null,
      parent_id: null,
      img_count: photoCount,
      is_sold: listing.isSold ? 1 : 0,
      comment_count: comments.reduce((sum, comment) => sum + 1 + (comment.replies?.length ?? 0), 0),
      created_at: new Date(created).toISOString(),
      last_modified: lastActivity,
    })
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({ total_posts: eb('total_posts', '+', 1) }))
    .where('id', '=', authorId)
    .execute();
  for (let position = 0; position < photoCount && listing.item; position++) {
    const stored = await photo(listing.item, position);
    await db
      .insertInto('post_media')
      .values({
        id: uuidv7(created),
        post_id: postId,
        kind: 'image',
        position,
        path: stored.path,
        thumb_path: stored.thumbPath,
        width: stored.width,
        height: stored.height,
        placeholder: stored.placeholder,
        created_at: new Date(created).toISOString(),
      })
      .execute();
  }
  let minute = 1;
  for (const comment of comments) {
    const commentId = await insertComment(
      db,
      campusId,
      userIds[comment.author],
      postId,
      comment.text,
      created,
      minute++,
    );
    for (const reply of comment.replies ?? []) {
      await insertComment(db, campusId, userIds[reply.author], commentId, reply.text, created, minute++);
    }
  }
}

async function insertComment(
  db: Db,
  campusId: string,
  authorId: string | undefined,
  parentId: string,
  text: string,
  postCreated: number,
  minute: number,
): Promise<string> {
  const at = new Date(postCreated + minute * 15 * 60_000).toISOString();
  const id = uuidv7(postCreated + minute * 15 * 60_000);
  await db
    .insertInto('posts')
    .values({
      id,
      campus_id: campusId,
      user_id: authorId ?? '',
      text_json: JSON.stringify(plainTextToRichText(text)),
      text_plain: text,
      category: null,
      price: null,
      parent_id: parentId,
      root_id: await threadRootOf(db, parentId),
      created_at: at,
      last_modified: at,
    })
    .execute();
  return id;
}
