import type { AuthorDto } from '@campus/shared/post-api';
import { type PostSearchFilters, postFilterOf } from '@campus/shared/post-search-filter';
import { createPostIndex } from '@campus/shared/post-search-index';
import { SEARCH_PAGE_SIZE, type SearchSort } from '@campus/shared/search-api';
import { createPersonIndex, type PostSearchDocument, postSearchDocumentOf } from '@campus/shared/search-index';
import type { LocalPost } from '../../local/local-posts.ts';

interface Entry {
  post: LocalPost;
  document: PostSearchDocument;
}

interface Author {
  author: AuthorDto;
  postIds: Set<string>;
}

function isSameDocument(a: PostSearchDocument, b: PostSearchDocument): boolean {
  return (
    a.text === b.text &&
    a.category === b.category &&
    a.price === b.price &&
    a.isSold === b.isSold &&
    a.hasMedia === b.hasMedia &&
    a.createdAt === b.createdAt &&
    a.authorName === b.authorName &&
    a.username === b.username &&
    a.authorId === b.authorId
  );
}

function isSamePerson(a: AuthorDto, b: AuthorDto): boolean {
  return (
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.username === b.username &&
    a.isSchoolVerified === b.isSchoolVerified
  );
}

/**
 * The device's search index (decision 039): the server's post index and
 * people index (shared/), over the posts this device holds. It keeps the
 * posts as found, to answer with, and their authors: offline, the people
 * one can find are the school-verified authors of the cached posts.
 */
export class DeviceIndex {
  private readonly posts = createPostIndex();
  private readonly people = createPersonIndex();
  private readonly found = new Map<string, Entry>();
  private readonly authors = new Map<string, Author>();

  /** The first build: newest first, so a newest-first page stops early (post-search-index.ts). */
  constructor(posts: LocalPost[]) {
    const newestFirst = posts
      .map((post) => ({ post, document: postSearchDocumentOf(post) }))
      .sort((a, b) => b.document.createdAt - a.document.createdAt);
    for (const entry of newestFirst) {
      this.posts.add(entry.document);
      this.found.set(entry.post.id, entry);
    }
    this.posts.markBuilt();
    // Oldest first, so each author keeps the name their newest post carries.
    for (let index = newestFirst.length - 1; index >= 0; index--) this.noteAuthor((newestFirst[index] as Entry).post);
  }

  ids(): IterableIterator<string> {
    return this.found.keys();
  }

  /** A post as it is now: re-indexed only when what is matched, filtered or sorted on changed. */
  put(post: LocalPost): void {
    const document = postSearchDocumentOf(post);
    const known = this.found.get(post.id);
    if (known && known.post.author.id !== post.author.id) this.forgetAuthorOf(known.post);
    if (!known) this.posts.add(document);
    else if (!isSameDocument(known.document, document)) this.posts.replace(document);
    this.found.set(post.id, { post, document });
    this.noteAuthor(post);
  }

  remove(id: string): void {
    const known = this.found.get(id);
    if (!known) return;
    this.posts.discard(id);
    this.found.delete(id);
    this.forgetAuthorOf(known.post);
  }

  findPosts(q: string, filters: PostSearchFilters, sort: SearchSort, page: number) {
    const { ids, hasMore } = this.posts.findPage(q, postFilterOf(filters), sort, page, SEARCH_PAGE_SIZE);
    return { posts: ids.flatMap((id) => this.found.get(id)?.post ?? []), hasMore };
  }

  /** Best match first, as the server's people tab. */
  findPeople(q: string, page: number) {
    const start = page * SEARCH_PAGE_SIZE;
    const hits = this.people.search(q);
    const users = hits.slice(start, start + SEARCH_PAGE_SIZE).flatMap((hit) => this.authors.get(hit.id)?.author ?? []);
    return { users, hasMore: hits.length > start + SEARCH_PAGE_SIZE };
  }

  /** The header box: the newest few posts and the best matching people. */
  suggest(q: string, limit: number) {
    const { ids } = this.posts.findPage(q, () => true, 'newest', 0, limit);
    return {
      posts: ids.flatMap((id) => this.found.get(id)?.post ?? []),
      people: this.findPeople(q, 0).users.slice(0, limit),
    };
  }

  /**
   * The author as the last post put carries them (the newest the device heard
   * of their name); found as a person only when school-verified (decision 035).
   */
  private noteAuthor(post: LocalPost): void {
    const { author } = post;
    const known = this.authors.get(author.id);
    const previous = known?.author;
    if (known) {
      known.author = author;
      known.postIds.add(post.id);
    } else this.authors.set(author.id, { author, postIds: new Set([post.id]) });
    if (!previous || !isSamePerson(previous, author)) this.syncPerson(author);
  }

  private forgetAuthorOf(post: LocalPost): void {
    const known = this.authors.get(post.author.id);
    if (!known) return;
    known.postIds.delete(post.id);
    if (known.postIds.size > 0) return;
    this.authors.delete(post.author.id);
    if (this.people.has(post.author.id)) this.people.discard(post.author.id);
  }

  private syncPerson(author: AuthorDto): void {
    const isIndexed = this.people.has(author.id);
    if (!author.isSchoolVerified) {
      if (isIndexed) this.people.discard(author.id);
    } else if (isIndexed) this.people.replace(this.personOf(author));
    else this.people.add(this.personOf(author));
  }

  private personOf(author: AuthorDto) {
    return { id: author.id, firstName: author.firstName, lastName: author.lastName, username: author.username };
  }
}
