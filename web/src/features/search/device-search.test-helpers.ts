import type { PostDto } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { SearchPageDto } from '@campus/shared/search-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { CACHE_OWNER_KEY, openLocalDb } from '../../local/local-db.ts';
import { me, post } from '../../local/post-fixtures.ts';
import type { DeviceSearchScope } from './device-posts.ts';
import type { SearchQuery } from './device-search.ts';

export const scope: DeviceSearchScope = { campusId: 'ou', viewer: me };

/** A device database whose read cache is `owner`'s (the sync layer writes `meta.owner`). */
export async function deviceDb(owner: string | null = me.id) {
  const db = openLocalDb(`device-search-${Math.random()}`, { indexedDB, IDBKeyRange });
  await db.meta.put({ key: CACHE_OWNER_KEY, value: owner });
  return db;
}

/** A listing `minutesAgo` old with this text, as the feed delivered it. */
export function listing(id: string, text: string, minutesAgo: number, patch: Partial<PostDto> = {}): PostDto {
  const at = new Date(Date.parse('2026-11-20T10:00:00.000Z') - minutesAgo * 60_000).toISOString();
  return post(id, { text: plainTextToRichText(text), createdAt: at, lastModified: at, ...patch });
}

/** A search URL's query as the schema hands it over (defaults filled in). */
export function query(q: string, patch: Partial<SearchQuery> = {}): SearchQuery {
  return { q, show: 'latest', page: 0, sort: 'newest', ...patch };
}

/** The ids a page found, posts or people. */
export function idsOf(page: SearchPageDto): string[] {
  return page.show === 'people' ? page.users.map((user) => user.id) : page.posts.map((found) => found.id);
}

/** A page's localStorage, in memory (Node has none): the session and campus providers' stored copies live there. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}
