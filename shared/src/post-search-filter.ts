/**
 * The post tabs' filters (issue 22, decision 035): media only, category,
 * price range, 'available only', and the authors a viewer's blocks hide. One
 * predicate over the index's stored fields, read by the server's campus
 * index and the browser's offline search (decision 039), so both find alike.
 */
import type { StoredPost } from './post-search-index.ts';
import type { SearchQuery } from './search-requests.ts';

export interface PostSearchFilters {
  /** spec 2 §2 Media tab: posts with photos or videos. */
  isMediaOnly: boolean;
  category?: string;
  /** Whole dollars (decision 022); an unpriced post is outside any price bound. */
  minPrice?: number;
  maxPrice?: number;
  /** Hides posts marked sold. */
  isAvailableOnly: boolean;
  /** Users the viewer blocked or who blocked the viewer. */
  hiddenAuthors: ReadonlySet<string>;
}

export function postFilterOf(filters: PostSearchFilters): (post: StoredPost) => boolean {
  return (post) =>
    !filters.hiddenAuthors.has(post.authorId) &&
    (!filters.isMediaOnly || post.hasMedia) &&
    (!filters.isAvailableOnly || !post.isSold) &&
    (filters.category === undefined || post.category === filters.category) &&
    (filters.minPrice === undefined || (post.price ?? -1) >= filters.minPrice) &&
    (filters.maxPrice === undefined || (post.price ?? Number.POSITIVE_INFINITY) <= filters.maxPrice);
}

/** A search URL's filters as the post tabs read them (People ignores them). */
export function postSearchFiltersOf(query: SearchQuery, hiddenAuthors: ReadonlySet<string>): PostSearchFilters {
  return {
    isMediaOnly: query.show === 'media',
    category: query.category,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    isAvailableOnly: query.available === 'true',
    hiddenAuthors,
  };
}
