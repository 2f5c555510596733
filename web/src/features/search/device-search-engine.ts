import { postSearchFiltersOf } from '@campus/shared/post-search-filter';
import { richTextToPlainText } from '@campus/shared/rich-text';
import {
  SEARCH_QUERY_MAX,
  SEARCH_SUGGESTIONS_MAX,
  type SearchPageDto,
  type SearchSuggestionDto,
  type SearchSuggestionsDto,
} from '@campus/shared/search-api';
import { postTitleOf } from '@campus/shared/search-index';
import type { SearchQuery } from '@campus/shared/search-requests';
import type { OutboxEntry } from '../../local/local-db.ts';
import { type LocalDb, readCacheOwner } from '../../local/local-db.ts';
import type { LocalPost } from '../../local/local-posts.ts';
import { followChanges } from './device-changes.ts';
import { DeviceIndex } from './device-index.ts';
import {
  type DeviceSearchScope,
  pendingPostIds,
  readCachedPosts,
  readPendingChanges,
  searchedPost,
} from './device-posts.ts';

/** The device copy holds no blocks (they live on the server): its posts were read with them applied. */
const NO_HIDDEN_AUTHORS: ReadonlySet<string> = new Set();

/** A query's words as the server reads them: trimmed and cut to what the box allows. */
function wordsOf(q: string): string {
  return q.trim().slice(0, SEARCH_QUERY_MAX);
}

/**
 * Search over one viewer's device copy of one campus (decision 039). The
 * index is built on the first query and then caught up before each query
 * from the writes Dexie reported (device-changes.ts): only the posts written
 * are read again. `close` stops following and drops it (another user or campus).
 */
export function openDeviceSearch(db: LocalDb, scope: DeviceSearchScope) {
  const changes = followChanges(db);
  let index: DeviceIndex | undefined;
  let pending: OutboxEntry[] = [];
  let isOwnCache = false;
  let catchingUp: Promise<DeviceIndex> | undefined;

  async function readOwnership(): Promise<boolean> {
    return (await readCacheOwner(db)) === (scope.viewer?.id ?? null);
  }

  function visiblePosts(cached: Map<string, LocalPost>, ids: Iterable<string>): Map<string, LocalPost | null> {
    const shown = new Map<string, LocalPost | null>();
    for (const id of ids) shown.set(id, isOwnCache ? searchedPost(cached.get(id), id, pending, scope) : null);
    return shown;
  }

  async function build(): Promise<DeviceIndex> {
    changes.take();
    isOwnCache = await readOwnership();
    pending = await readPendingChanges(db, scope);
    const cached = await readCachedPosts(db);
    const ids = new Set([...cached.keys(), ...pendingPostIds(pending)]);
    const posts = [...visiblePosts(cached, ids).values()].filter((post): post is LocalPost => post !== null);
    return new DeviceIndex(posts);
  }

  async function catchUp(current: DeviceIndex): Promise<DeviceIndex> {
    const taken = changes.take();
    const wasOwnCache = isOwnCache;
    if (taken.isOwnerChanged) isOwnCache = await readOwnership();
    const ids = new Set(taken.postIds);
    if (taken.isOutboxChanged) {
      for (const id of pendingPostIds(pending)) ids.add(id);
      pending = await readPendingChanges(db, scope);
      for (const id of pendingPostIds(pending)) ids.add(id);
    }
    if (taken.isEverything || isOwnCache !== wasOwnCache) {
      const cached = await readCachedPosts(db);
      for (const id of [...current.ids(), ...cached.keys(), ...ids]) ids.add(id);
      apply(current, visiblePosts(cached, ids));
    } else if (ids.size > 0) {
      apply(current, visiblePosts(await readCachedPosts(db, [...ids]), ids));
    }
    return current;
  }

  function apply(current: DeviceIndex, shown: Map<string, LocalPost | null>): void {
    for (const [id, post] of shown) {
      if (post) current.put(post);
      else current.remove(id);
    }
  }

  /** The index as the device copy is now; one catch-up at a time. */
  function current(): Promise<DeviceIndex> {
    const previous = catchingUp ?? Promise.resolve(undefined);
    catchingUp = previous
      .catch(() => undefined)
      .then(async () => {
        index = index ? await catchUp(index) : await build();
        return index;
      });
    return catchingUp;
  }

  return {
    async search(query: SearchQuery): Promise<SearchPageDto> {
      const q = wordsOf(query.q);
      // spec 2 §2 "Empty query is ignored": nothing found, and no index work.
      if (q === '') {
        return query.show === 'people'
          ? { show: 'people', q, users: [], nextPage: null }
          : { show: query.show, q, posts: [], nextPage: null };
      }
      const found = await current();
      if (query.show === 'people') {
        const people = found.findPeople(q, query.page);
        return { show: 'people', q, users: people.users, nextPage: people.hasMore ? query.page + 1 : null };
      }
      const filters = postSearchFiltersOf(query, NO_HIDDEN_AUTHORS);
      const page = found.findPosts(q, filters, query.sort, query.page);
      return { show: query.show, q, posts: page.posts, nextPage: page.hasMore ? query.page + 1 : null };
    },

    async suggest(text: string): Promise<SearchSuggestionsDto> {
      const q = wordsOf(text);
      if (q === '') return { q, suggestions: [] };
      const found = (await current()).suggest(q, SEARCH_SUGGESTIONS_MAX);
      const suggestions: SearchSuggestionDto[] = [
        ...found.posts.map((post) => ({
          kind: 'post' as const,
          postId: post.id,
          title: postTitleOf(richTextToPlainText(post.text)),
        })),
        ...found.people.map((user) => ({ kind: 'person' as const, user })),
      ].slice(0, SEARCH_SUGGESTIONS_MAX);
      return { q, suggestions };
    },

    /** Builds (or catches up) the index ahead of the first query. */
    async prepare(): Promise<void> {
      await current();
    },

    close(): void {
      changes.stop();
      index = undefined;
    },
  };
}

export type DeviceSearch = ReturnType<typeof openDeviceSearch>;
