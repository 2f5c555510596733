import { type PostSearchFilters, postFilterOf } from '@campus/shared/post-search-filter';
import { createPostIndex } from '@campus/shared/post-search-index';
import { SEARCH_PAGE_SIZE, type SearchSort } from '@campus/shared/search-api';
import { createPersonIndex, type PersonSearchDocument, type PostSearchDocument } from '@campus/shared/search-index';

/** What a post search asks of the index; blocks are applied here so a page stays full. */
export interface PostSearch extends PostSearchFilters {
  q: string;
  sort: SearchSort;
  page: number;
}

export interface IdPage {
  ids: string[];
  hasMore: boolean;
}

function pageOf(ids: string[], page: number): IdPage {
  const start = page * SEARCH_PAGE_SIZE;
  return { ids: ids.slice(start, start + SEARCH_PAGE_SIZE), hasMore: ids.length > start + SEARCH_PAGE_SIZE };
}

/** Whether anything on the campus matches `q` (popular searches count only such searches). */
export function findsAnything(index: CampusIndex, q: string): boolean {
  return index.posts.findPage(q, () => true, 'newest', 0, 1).ids.length > 0 || index.people.search(q).length > 0;
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
    return this.posts.findPage(search.q, postFilterOf(search), search.sort, search.page, SEARCH_PAGE_SIZE);
  }

  /** Best match first. */
  searchPeople(q: string, page: number, hiddenUsers: ReadonlySet<string>): IdPage {
    const hits = this.people.search(q, { filter: (result) => !hiddenUsers.has(result.id as string) });
    return pageOf(
      hits.map((hit) => hit.id as string),
      page,
    );
  }

  /** The header box: the newest few posts and the best matching people. */
  suggest(q: string, limit: number, hiddenAuthors: ReadonlySet<string>) {
    const posts = this.posts.findPage(q, (post) => !hiddenAuthors.has(post.authorId), 'newest', 0, limit).ids;
    const people = this.people
      .search(q, { filter: (result) => !hiddenAuthors.has(result.id as string) })
      .slice(0, limit)
      .map((hit) => hit.id as string);
    return { posts, people };
  }
}
