import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { openDatabase } from '@campus/sync-server/db/database';
import { type BenchRandom, createRandom, listingText, PRICED_CATEGORIES, personName } from './seed-content.ts';

type Sqlite = ReturnType<typeof openDatabase>['sqlite'];

const YEAR = 365 * 86_400_000;
const ADJECTIVES = [
  'vintage',
  'compact',
  'wireless',
  'leather',
  'wooden',
  'electric',
  'portable',
  'ergonomic',
  'folding',
  'retro',
  'mechanical',
  'waterproof',
  'cordless',
  'standing',
  'queen',
  'twin',
  'acoustic',
  'digital',
  'insulated',
  'graphing',
];
const ITEMS = [
  'bike',
  'desk',
  'lamp',
  'fridge',
  'microwave',
  'couch',
  'futon',
  'textbook',
  'calculator',
  'monitor',
  'keyboard',
  'headphones',
  'speaker',
  'guitar',
  'skateboard',
  'scooter',
  'kayak',
  'tent',
  'backpack',
  'jacket',
  'boots',
  'sneakers',
  'mattress',
  'dresser',
  'bookshelf',
  'rug',
  'mirror',
  'printer',
  'router',
  'tablet',
  'laptop',
  'camera',
  'drone',
  'controller',
  'console',
  'blender',
  'kettle',
  'toaster',
  'vacuum',
  'heater',
  'fan',
  'chair',
  'table',
  'sofa',
  'tv',
  'projector',
  'charger',
  'watch',
  'bracelet',
  'ticket',
];
const BRANDS = [
  'trek',
  'ikea',
  'apple',
  'samsung',
  'sony',
  'dell',
  'lenovo',
  'nike',
  'adidas',
  'yamaha',
  'fender',
  'canon',
  'nikon',
  'bose',
  'jbl',
  'dyson',
  'keurig',
  'ninja',
  'hp',
  'asus',
  'logitech',
  'razer',
  'patagonia',
  'northface',
  'coleman',
  'specialized',
  'schwinn',
  'texas instruments',
  'casio',
  'garmin',
];

export function pick<T>(random: BenchRandom, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A listing's title line: brand, adjective and item, as students write them ('Trek folding bike'). */
export function listingTitle(random: BenchRandom): string {
  const brand = pick(random, BRANDS);
  return `${brand[0]?.toUpperCase()}${brand.slice(1)} ${pick(random, ADJECTIVES)} ${pick(random, ITEMS)}`;
}

/**
 * One campus of `posts` top-level posts by `users` school-verified students,
 * bulk-inserted with prepared statements (seeded: every run the same data).
 * The text is a title line over the feed bench's sentences, so words range
 * from rare ('kayak', a brand) to very common ('used', 'bike').
 */
export function seedSearchCampus(sqlite: Sqlite, campusId: string, users: number, posts: number, now = Date.now()) {
  const random = createRandom(20_261_124);
  const insertUser = sqlite.prepare(
    `insert into users (id, campus_id, first_name, last_name, username, email, verified, school_verified,
       school_verified_at, created_at, last_modified) values (?, ?, ?, ?, ?, ?, 1, 1, ?, ?, ?)`,
  );
  const insertPost = sqlite.prepare(
    `insert into posts (id, campus_id, user_id, type, text_json, text_plain, category, price, img_count, is_sold,
       created_at, last_modified) values (?, ?, ?, 'post', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const userIds: string[] = [];
  sqlite.transaction(() => {
    for (let index = 0; index < users; index++) {
      const id = uuidv7();
      const { firstName, lastName } = personName(random);
      const joined = new Date(now - YEAR).toISOString();
      const username = `${firstName}${index}`.toLowerCase();
      insertUser.run(id, campusId, firstName, lastName, username, `${username}@ou.edu`, joined, joined, joined);
      userIds.push(id);
    }
  })();
  const times = Array.from({ length: posts }, () => now - Math.floor(random() * YEAR)).sort((a, b) => a - b);
  for (let start = 0; start < posts; start += 10_000) {
    sqlite.transaction(() => {
      for (let index = start; index < Math.min(start + 10_000, posts); index++) {
        const at = new Date(times[index] ?? now).toISOString();
        const text = `${listingTitle(random)}\n${listingText(random)}`;
        const isListing = random() < 0.8;
        insertPost.run(
          uuidv7(times[index]),
          campusId,
          pick(random, userIds),
          JSON.stringify(plainTextToRichText(text)),
          text,
          isListing ? pick(random, PRICED_CATEGORIES) : null,
          isListing ? 1 + Math.floor(random() ** 2 * 1500) : null,
          random() < 0.6 ? 1 + Math.floor(random() * 3) : 0,
          isListing && random() < 0.1 ? 1 : 0,
          at,
          at,
        );
      }
    })();
  }
}
