import type { AuthorDto } from '@campus/shared/post-api';
import type { SearchSuggestionDto } from '@campus/shared/search-api';

/** spec 1 §2: the box shows the first 4 popular searches. */
const POPULAR_SEARCHES_SHOWN = 4;
/** Recent searches that start with the typed words, shown above the suggestions. */
const MATCHING_RECENT_SHOWN = 3;

/** One option of the dropdown: a search to run again, a post's title to search, or a person to open. */
export type SearchOption =
  | { kind: 'recent'; text: string }
  | { kind: 'popular'; text: string }
  | { kind: 'post'; postId: string; title: string }
  | { kind: 'person'; user: AuthorDto };

type SearchGroupLabel = 'Suggestions' | 'Popular' | 'My Recent';

export interface SearchOptionGroup {
  label: SearchGroupLabel;
  /** The index of its first option in the flat list (the ids and aria-activedescendant use flat indexes). */
  start: number;
  options: SearchOption[];
}

/**
 * spec 1 §2 "Search box": with nothing typed, popular searches (first 4) and 'My Recent'; while
 * typing, the recent searches that start with the words, then the server's suggestions. Empty
 * groups are left out; no group at all is 'Try searching for keywords'.
 */
export function searchGroupsOf(input: {
  query: string;
  recent: readonly string[];
  popular: readonly string[];
  suggestions: readonly SearchSuggestionDto[];
}): SearchOptionGroup[] {
  const words = input.query.trim().toLowerCase();
  const lists: [SearchGroupLabel, SearchOption[]][] = words
    ? [
        [
          'My Recent',
          input.recent
            .filter((text) => text.toLowerCase().startsWith(words))
            .slice(0, MATCHING_RECENT_SHOWN)
            .map((text) => ({ kind: 'recent', text })),
        ],
        ['Suggestions', input.suggestions.map(toOption)],
      ]
    : [
        ['Popular', input.popular.slice(0, POPULAR_SEARCHES_SHOWN).map((text) => ({ kind: 'popular', text }))],
        ['My Recent', input.recent.map((text) => ({ kind: 'recent', text }))],
      ];
  const groups: SearchOptionGroup[] = [];
  let start = 0;
  for (const [label, options] of lists) {
    if (options.length === 0) continue;
    groups.push({ label, start, options });
    start += options.length;
  }
  return groups;
}

function toOption(suggestion: SearchSuggestionDto): SearchOption {
  return suggestion.kind === 'post'
    ? { kind: 'post', postId: suggestion.postId, title: suggestion.title }
    : { kind: 'person', user: suggestion.user };
}

/**
 * The words an option searches, or null for a person (opening a profile is not a search). A post
 * searches its title line, without the '…' of a long one cut at 80 characters.
 */
export function searchTextOf(option: SearchOption): string | null {
  if (option.kind === 'person') return null;
  return option.kind === 'post' ? option.title.replace(/…$/, '').trim() : option.text;
}

/** A stable key of an option, for React and to notice that the list changed. */
export function optionKey(option: SearchOption): string {
  if (option.kind === 'post') return `post:${option.postId}`;
  if (option.kind === 'person') return `person:${option.user.id}`;
  return `${option.kind}:${option.text}`;
}
