/**
 * The search endpoints' answers (spec 2 §2 Search page, §7 search service and
 * popular searches; spec 1 §2 search box). Zod-free, like every `*-api.ts`,
 * so the header box can type them without loading a schema library. The
 * requests are in search-requests.ts; the routes in docs/decisions/035.
 */
import type { AuthorDto, PostDto } from './post-api.ts';

/** spec 2 §2 tabs: Latest (posts), Media (posts with photos or videos), People. */
export const SEARCH_SHOWS = ['latest', 'media', 'people'] as const;

/** Sort orders of the post tabs; newest first is the spec's `posts_date_desc` index. */
export const SEARCH_SORTS = ['newest', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Above results found with no network, over what this device holds (issue 22, decision 039). */
export const SEARCH_DEVICE_NOTE = "You're offline: these results come from what is saved on this device.";

/** spec 2 §7 hitsPerPage 10, §9 "search 10". */
export const SEARCH_PAGE_SIZE = 10;
/** spec 2 §7, §9: popular searches, 14 fetched (the header box shows the first 4). */
export const POPULAR_SEARCHES_FETCHED = 14;
/** The header box's suggestions as you type: a few post titles and people. */
export const SEARCH_SUGGESTIONS_MAX = 5;
/** The longest query read; the header box's input has the same maxLength. */
export const SEARCH_QUERY_MAX = 100;
/** Pages past this are refused: 1,000 results is more than anyone scrolls. */
export const SEARCH_PAGE_MAX = 99;

/** GET /api/search, show=latest or media: posts in the feed's card shape, so the web reuses its cards. */
export interface PostSearchPageDto {
  show: 'latest' | 'media';
  q: string;
  posts: PostDto[];
  /** Pass back as `?page=`; null at the end. */
  nextPage: number | null;
}

/** GET /api/search, show=people: school-verified members of this campus. */
export interface PeopleSearchPageDto {
  show: 'people';
  q: string;
  users: AuthorDto[];
  nextPage: number | null;
}

export type SearchPageDto = PostSearchPageDto | PeopleSearchPageDto;

/** One line of the header box's suggestions: a post (by its title line) or a person. */
export type SearchSuggestionDto = { kind: 'post'; postId: string; title: string } | { kind: 'person'; user: AuthorDto };

/** GET /api/search/suggest?q=: as the student types (nothing is counted). */
export interface SearchSuggestionsDto {
  q: string;
  suggestions: SearchSuggestionDto[];
}

/** spec 2 §3 Popular search: text and total_views; each links to /search?q={text}. */
export interface PopularSearchDto {
  text: string;
  totalViews: number;
}

/** GET /api/search/popular: this campus's most searched, total_views desc, 14 at most. */
export interface PopularSearchesDto {
  searches: PopularSearchDto[];
}

/** POST /api/search/popular: whether this search was counted (once a day per client and text; decision 035). */
export interface CountSearchDto {
  isCounted: boolean;
}

/** spec 1 §2 "Search box": the header box's words, word for word (decision 038). */
export const SEARCH_BOX_TEXT = {
  placeholder: (campusShortName: string) => `Search ${campusShortName} Buy / Sell`,
  empty: 'Try searching for keywords',
  myRecent: 'My Recent',
  clearAll: 'Clear all',
  clearAllTitle: 'Clear all recent searches?',
  clearAllText: "This can't be undone and you'll remove all your recent searches.",
} as const;
