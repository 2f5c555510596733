import { postSearchFiltersOf } from '@campus/shared/post-search-filter';
import type {
  CountSearchDto,
  PopularSearchesDto,
  SearchPageDto,
  SearchSuggestionDto,
  SearchSuggestionsDto,
} from '@campus/shared/search-api';
import { SEARCH_QUERY_MAX, SEARCH_SUGGESTIONS_MAX } from '@campus/shared/search-api';
import { postTitleOf } from '@campus/shared/search-index';
import { countSearchRequestSchema, searchQuerySchema, searchSuggestQuerySchema } from '@campus/shared/search-requests';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { clientKey } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { findsAnything } from './campus-index.ts';
import { countPopularSearch, foldSearchText, readPopularSearches } from './popular-searches.repository.ts';
import { createSearchCountLimit } from './search-count-limit.ts';
import { requireSearcher } from './search-gate.ts';
import { hydratePeople, hydratePosts, readHiddenUsers, readPostTitles } from './search-results.repository.ts';

/** A query's words as the index reads them: trimmed and cut to what the box allows. */
function wordsOf(q: string): string {
  return q.trim().slice(0, SEARCH_QUERY_MAX);
}

/**
 * /api/search (spec 2 §2 Search page, §7 search service; decision 035): posts
 * and people found by this campus's in-memory index, hydrated from SQLite in
 * the feed's card shape. Every route checks the searcher first (search-gate.ts).
 */
export function searchRoutes({ db, config, now, searchIndexes }: AppContext) {
  const countLimit = createSearchCountLimit();
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      requireSearcher(c);
      const query = readQuery(c, searchQuerySchema);
      const campusId = c.get('campus').id;
      const viewerId = c.get('viewer')?.id ?? null;
      const q = wordsOf(query.q);
      c.header('Cache-Control', 'private, no-cache');
      // spec 2 §2 "Empty query is ignored": nothing found, and no index work.
      if (q === '') {
        const empty: SearchPageDto =
          query.show === 'people'
            ? { show: 'people', q, users: [], nextPage: null }
            : { show: query.show, q, posts: [], nextPage: null };
        return c.json(empty);
      }
      const [index, hidden] = await Promise.all([searchIndexes.forCampus(campusId), readHiddenUsers(db, viewerId)]);
      if (query.show === 'people') {
        const found = index.searchPeople(q, query.page, hidden);
        const body: SearchPageDto = {
          show: 'people',
          q,
          users: await hydratePeople(db, campusId, found.ids),
          nextPage: found.hasMore ? query.page + 1 : null,
        };
        return c.json(body);
      }
      const found = index.searchPosts({ ...postSearchFiltersOf(query, hidden), q, sort: query.sort, page: query.page });
      const body: SearchPageDto = {
        show: query.show,
        q,
        posts: await hydratePosts(db, campusId, found.ids, viewerId),
        nextPage: found.hasMore ? query.page + 1 : null,
      };
      return c.json(body);
    })
    .get('/suggest', async (c) => {
      requireSearcher(c);
      const q = wordsOf(readQuery(c, searchSuggestQuerySchema).q);
      const campusId = c.get('campus').id;
      c.header('Cache-Control', 'private, no-cache');
      if (q === '') return c.json({ q, suggestions: [] } satisfies SearchSuggestionsDto);
      const [index, hidden] = await Promise.all([
        searchIndexes.forCampus(campusId),
        readHiddenUsers(db, c.get('viewer')?.id ?? null),
      ]);
      const found = index.suggest(q, SEARCH_SUGGESTIONS_MAX, hidden);
      const titles = await readPostTitles(db, campusId, found.posts);
      const people = await hydratePeople(db, campusId, found.people);
      const suggestions: SearchSuggestionDto[] = [
        ...titles.map((post) => ({ kind: 'post' as const, postId: post.id, title: postTitleOf(post.text_plain) })),
        ...people.map((user) => ({ kind: 'person' as const, user })),
      ].slice(0, SEARCH_SUGGESTIONS_MAX);
      return c.json({ q, suggestions } satisfies SearchSuggestionsDto);
    })
    .get('/popular', async (c) => {
      requireSearcher(c);
      c.header('Cache-Control', 'private, no-cache');
      const body: PopularSearchesDto = { searches: await readPopularSearches(db, c.get('campus').id) };
      return c.json(body);
    })
    .post('/popular', async (c) => {
      requireSearcher(c);
      const { q } = await readJson(c, countSearchRequestSchema);
      const campusId = c.get('campus').id;
      const text = foldSearchText(q);
      const client = c.get('viewer')?.id ?? clientKey(c, { config });
      // Only a search that finds something counts: a typo or a slur does not climb the list.
      const index = await searchIndexes.forCampus(campusId);
      const findsSomething = findsAnything(index, text);
      const isCounted = findsSomething && countLimit.allow(client, campusId, text, now());
      if (isCounted) await countPopularSearch(db, campusId, text, new Date(now()).toISOString());
      return c.json({ isCounted } satisfies CountSearchDto);
    });
}
