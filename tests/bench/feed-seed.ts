import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { openDatabase } from '@campus/sync-server/db/database';
import { type BenchRandom, createRandom, listingText, PRICED_CATEGORIES, personName } from './seed-content.ts';

type Sqlite = ReturnType<typeof openDatabase>['sqlite'];

export interface SeedCounts {
  users: number;
  posts: number;
  media: number;
}

export interface SeedOptions {
  campusId: string;
  users: number;
  posts: number;
  /** Tiny data-URL placeholders, as the media pipeline stores them. */
  placeholders: readonly string[];
  now?: number;
}

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const HEIGHTS = [900, 1200, 1600, 675] as const;

function pick<T>(random: BenchRandom, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

/**
 * Bulk-inserts a campus's users, top-level posts and their media with
 * prepared statements inside transactions; Kysely row by row would take
 * minutes. Seeded randomness, so every run holds the same shape of data.
 */
export function seedFeedCampus(sqlite: Sqlite, options: SeedOptions): SeedCounts {
  const { campusId, placeholders, now = Date.now() } = options;
  const random = createRandom(20_261_121);
  const insertUser = sqlite.prepare(
    `insert into users (id, campus_id, first_name, last_name, username, email, img, profile_set_up, verified,
       school_verified, school_verified_at, created_at, last_modified)
     values (?, ?, ?, ?, ?, ?, ?, 1, 1, ?, ?, ?, ?)`,
  );
  const insertPost = sqlite.prepare(
    `insert into posts (id, campus_id, user_id, type, text_json, text_plain, category, price, comment_count,
       save_count, img_count, is_sold, created_at, last_modified)
     values (?, ?, ?, 'post', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMedia = sqlite.prepare(
    `insert into post_media (id, post_id, kind, position, path, thumb_path, width, height, placeholder, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const userIds: string[] = [];
  sqlite.transaction(() => {
    for (let index = 0; index < options.users; index++) {
      const joinedMs = now - 2 * YEAR + Math.floor(random() * YEAR);
      const joined = new Date(joinedMs).toISOString();
      const id = uuidv7(joinedMs);
      const { firstName, lastName } = personName(random);
      const username = `${firstName}${lastName}${index}`.toLowerCase().replace(/[^a-z0-9]/g, '');
      const img = random() < 0.8 ? `/media/avatars/${id}.webp` : null;
      const isSchoolVerified = random() < 0.7;
      const verifiedAt = isSchoolVerified ? joined : null;
      const schoolVerified = isSchoolVerified ? 1 : 0;
      insertUser.run(
        id,
        campusId,
        firstName,
        lastName,
        username,
        `${username}@ou.edu`,
        img,
        schoolVerified,
        verifiedAt,
        joined,
        joined,
      );
      userIds.push(id);
    }
  })();

  // Oldest first, as a live server inserts them: rowids follow time, so recent posts sit together on disk.
  const createdTimes = Array.from({ length: options.posts }, () => now - Math.floor(random() * YEAR));
  createdTimes.sort((a, b) => a - b);
  let media = 0;
  // Posts go in chunks so no single transaction holds the whole WAL.
  const chunk = 10_000;
  for (let start = 0; start < options.posts; start += chunk) {
    sqlite.transaction(() => {
      for (let index = start; index < Math.min(start + chunk, options.posts); index++) {
        const createdMs = createdTimes[index] ?? now;
        // A third of posts were bumped later by a comment (spec 2: lastModified follows activity).
        const modifiedMs = random() < 0.3 ? Math.min(now, createdMs + Math.floor(random() * 14 * DAY)) : createdMs;
        const id = uuidv7(createdMs);
        const text = listingText(random);
        const isListing = random() < 0.75;
        const mediaCount = Math.floor(random() * 4); // 0–3, 1.5 on average
        insertPost.run(
          id,
          campusId,
          pick(random, userIds),
          JSON.stringify(plainTextToRichText(text)),
          text,
          isListing ? pick(random, PRICED_CATEGORIES) : null,
          isListing ? 1 + Math.floor(random() ** 2 * 1500) : null,
          Math.floor(random() ** 3 * 40),
          Math.floor(random() ** 3 * 60),
          mediaCount,
          isListing && random() < 0.1 ? 1 : 0,
          new Date(createdMs).toISOString(),
          new Date(modifiedMs).toISOString(),
        );
        for (let position = 0; position < mediaCount; position++) {
          const isVideo = random() < 0.05;
          const name = `posts/${id}/${position}`;
          insertMedia.run(
            uuidv7(createdMs),
            id,
            isVideo ? 'video' : 'image',
            position,
            `${name}.${isVideo ? 'mp4' : 'webp'}`,
            `${name}-thumb.webp`,
            1200,
            pick(random, HEIGHTS),
            pick(random, placeholders),
            new Date(createdMs).toISOString(),
          );
          media++;
        }
      }
    })();
  }
  return { users: userIds.length, posts: options.posts, media };
}
