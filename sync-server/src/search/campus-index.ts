import { SEARCH_PAGE_SIZE, type SearchSort } from '@campus/shared/search-api';
import {
  createPersonIndex,
  createPostIndex,
  type PersonSearchDocument,
  type PostSearchDocument,
} from '@campus/shared/search-index';

/** What a post search asks of the index; blocks are applied here so a page stays full. */
export interface PostSearch {
  q: string;
  isMediaOnly: boolean;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  isAvailableOnly: boolean;
  sort: SearchSort;
  page: number;
  /** Users the viewer blocked or who blocked the viewer. */
  hiddenAuthors: ReadonlySet<string>;
}

export interface IdPage {
  ids: string[];
  hasMore: boolean;
}

interface PostHit {
  id: string;
  score: number;
  createdAt: number;
  price: number | null;
}

/** Newest first (spec 2 §7 posts_date_desc); by price with unpriced posts last, then newest. */
const ORDERS: Record<SearchSort, (a: PostHit, b: PostHit) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt,
  'price-asc': (a, b) =>
    (a.price ?? Number.POSITIVE_INFINITY) - (b.price ?? Number.POSITIVE_INFINITY) || b.createdAt - a.createdAt,
  'price-desc': (a, b) => (b.price ?? -1) - (a.price ?? -1) || b.createdAt - a.createdAt,
};

function pageOf(ids: string[], page: number): IdPage {
  const start = page * SEARCH_PAGE_SIZE;
  return { ids: ids.slice(start, start + SEARCH_PAGE_SIZE), hasMore: ids.length > start + SEARCH_PAGE_SIZE };
}

/**
 * One campus's two MiniSearch indexes (decision 035). They hold ids and the
 * fields matched, filtered and sorted on; answers are hydrated from SQLite.
 */
export class CampusIndex {
  readonly posts = createPostIndex();
  readonly people = createPersonIndex();

  putPost(document: PostSearchDocument): void {
    if (this.posts.has(document.id)) this.posts.replace(document);
    else this.posts.add(document);
  }

  removePost(id: string): void {
    if (this.posts.has(id)) this.posts.discard(id);
  }

  putPerson(document: PersonSearchDocument): void {
    if (this.people.has(document.id)) this.people.replace(document);
    else this.people.add(document);
  }

  removePerson(id: string): void {
    if (this.people.has(id)) this.people.discard(id);
  }

  searchPosts(search: PostSearch): IdPage {
    const hits = this.posts.search(search.q, {
      filter: (result) =>
        !search.hiddenAuthors.has(result.authorId as string) &&
        (!search.isMediaOnly || result.hasMedia === true) &&
        (!search.isAvailableOnly || result.isSold !== true) &&
        (search.category === undefined || result.category === search.category) &&
        (search.minPrice === undefined || ((result.price as number | null) ?? -1) >= search.minPrice) &&
        (search.maxPrice === undefined ||
          ((result.price as number | null) ?? Number.POSITIVE_INFINITY) <= search.maxPrice),
    }) as unknown as PostHit[];
    hits.sort(ORDERS[search.sort]);
    return pageOf(
      hits.map((hit) => hit.id),
      search.page,
    );
  }

  /** Best match first. */
  searchPeople(q: string, page: number, hiddenUsers: ReadonlySet<string>): IdPage {
    const hits = this.people.search(q, { filter: (result) => !hiddenUsers.has(result.id as string) });
    return pageOf(
      hits.map((hit) => hit.id as string),
      page,
    );
  }

  /** The header box: the best few posts and people, by relevance. */
  suggest(q: string, limit: number, hiddenAuthors: ReadonlySet<string>) {
    const posts = this.posts
      .search(q, { filter: (result) => !hiddenAuthors.has(result.authorId as string) })
      .slice(0, limit)
      .map((hit) => hit.id as string);
    const people = this.people
      .search(q, { filter: (result) => !hiddenAuthors.has(result.id as string) })
      .slice(0, limit)
      .map((hit) => hit.id as string);
    return { posts, people };
  }
}
