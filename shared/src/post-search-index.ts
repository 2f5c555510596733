/**
 * The post index (decision 035): MiniSearch's term dictionary, walked for a
 * page in date or price order. MiniSearch's own `search` scores every match,
 * and a word in a quarter of 100,000 posts ('bike') took 100–500 ms; the spec's
 * order is newest first (posts_date_desc), not by score, so this collects the
 * matching documents and keeps only the best page's worth (decision 035).
 */
import MiniSearch, { type Options } from 'minisearch';
import type { SearchSort } from './search-api.ts';
import { foldTerm, type PostSearchDocument } from './search-index.ts';

/** What a filter reads of a post: the stored fields. */
export type StoredPost = Pick<
  PostSearchDocument,
  'authorId' | 'category' | 'price' | 'isSold' | 'hasMedia' | 'createdAt'
>;

/** A post in a price order: its stored fields are kept beside it, since a discarded post's are dropped. */
interface Ordered {
  shortId: number;
  post: StoredPost;
}

interface Candidate {
  id: string;
  post: StoredPost;
}

/** True when `a` comes before `b` (newest first; by price with unpriced posts last, then newest). */
const COMES_FIRST: Record<SearchSort, (a: StoredPost, b: StoredPost) => boolean> = {
  newest: (a, b) => a.createdAt > b.createdAt,
  'price-asc': (a, b) => {
    const left = a.price ?? Number.POSITIVE_INFINITY;
    const right = b.price ?? Number.POSITIVE_INFINITY;
    return left < right || (left === right && a.createdAt > b.createdAt);
  },
  'price-desc': (a, b) => {
    const left = a.price ?? -1;
    const right = b.price ?? -1;
    return left > right || (left === right && a.createdAt > b.createdAt);
  },
};

/** A typo is forgiven from 4 letters, one edit in 5, never in a word with a digit. */
function typoDistance(word: string): number {
  return word.length >= 4 && !/\d/.test(word) ? Math.min(2, Math.round(word.length * 0.2)) : 0;
}

export class PostIndex extends MiniSearch<PostSearchDocument> {
  /**
   * Short ids below this were added by the build, newest first, so each
   * posting lists them newest first; the posts added since are `addedLive`.
   * With newest first, a walk stops once a page's worth is found.
   */
  private builtBelow = 0;
  private isBuilt = false;
  private readonly addedLive = new Set<number>();
  /** Every post's short id in a price order, made on the first price search and kept as posts are added. */
  private readonly priceOrders = new Map<SearchSort, Ordered[]>();

  /** The build added every post, newest first: from now on adds are live. */
  markBuilt(): void {
    this.builtBelow = this._nextId;
    this.isBuilt = true;
    this.priceOrders.clear();
  }

  /** Posts added since the build: past a share of the index, a rebuild puts them in order again. */
  get liveAddedCount(): number {
    return this.addedLive.size;
  }

  override add(document: PostSearchDocument): void {
    super.add(document);
    const shortId = this._idToShortId.get(document.id);
    if (!this.isBuilt || shortId === undefined) return;
    this.addedLive.add(shortId);
    const entry = { shortId, post: this.storedOf(shortId) };
    for (const [sort, order] of this.priceOrders) order.splice(this.placeIn(order, entry.post, sort), 0, entry);
  }

  private storedOf(shortId: number): StoredPost {
    return this._storedFields.get(shortId) as StoredPost;
  }

  /** Where `shortId` goes in `order` (binary search). */
  private placeIn(order: Ordered[], post: StoredPost, sort: SearchSort): number {
    const comesFirst = COMES_FIRST[sort];
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (comesFirst(post, (order[middle] as Ordered).post)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private priceOrder(sort: SearchSort): Ordered[] {
    let order = this.priceOrders.get(sort);
    if (!order) {
      const comesFirst = COMES_FIRST[sort];
      order = [...this._documentIds.keys()]
        .map((shortId) => ({ shortId, post: this.storedOf(shortId) }))
        .sort((a, b) => (comesFirst(a.post, b.post) ? -1 : comesFirst(b.post, a.post) ? 1 : 0));
      this.priceOrders.set(sort, order);
    }
    return order;
  }

  /** The query's words as the index folded them. */
  wordsOf(q: string): string[] {
    const words = this._options.tokenize(q, 'text').flatMap((token) => {
      const folded = this._options.processTerm(token, 'text');
      return typeof folded === 'string' ? [folded] : Array.isArray(folded) ? folded : [];
    });
    return [...new Set(words)];
  }

  /**
   * The postings of the words that start with `word` in any field (the box
   * searches as you type). Only when there are none, the words within a typo:
   * with newest first, 'bike' must not also bring every 'like new'.
   */
  private postingsOf(word: string): Map<number, number>[] {
    const postings: Map<number, number>[] = [];
    for (const [, fields] of this._index.atPrefix(word)) postings.push(...fields.values());
    const distance = typoDistance(word);
    if (postings.length === 0 && distance > 0) {
      for (const [, [fields]] of this._index.fuzzyGet(word, distance)) postings.push(...fields.values());
    }
    return postings;
  }

  /**
   * One page of the posts matching every word of `q` that `accepts` lets
   * through, in `sort` order, and whether more follow. Keeps only the first
   * (page + 1) × size + 1 while walking, so a common word costs one pass.
   */
  findPage(q: string, accepts: (post: StoredPost) => boolean, sort: SearchSort, page: number, size: number) {
    const words = this.wordsOf(q);
    if (words.length === 0) return { ids: [], hasMore: false };
    // Walk the rarest word's postings; the others are asked per post, never gathered.
    const byWord = words
      .map((word) => {
        const postings = this.postingsOf(word);
        return { postings, size: postings.reduce((sum, posting) => sum + posting.size, 0) };
      })
      .sort((a, b) => a.size - b.size);
    const [rarest, ...others] = byWord;
    if (!rarest || rarest.size === 0) return { ids: [], hasMore: false };
    const keep = (page + 1) * size + 1;
    const comesFirst = COMES_FIRST[sort];
    const best: Candidate[] = [];
    const matchesOthers = (shortId: number) =>
      others.every((word) => word.postings.some((other) => other.has(shortId)));
    // By price, a common word walks the posts in price order and stops at a page's worth.
    if (sort !== 'newest' && this.isBuilt && rarest.size > this.documentCount / 16) {
      for (const { shortId, post } of this.priceOrder(sort)) {
        if (!this._documentIds.has(shortId) || !rarest.postings.some((posting) => posting.has(shortId))) continue;
        if (!matchesOthers(shortId) || !accepts(post)) continue;
        best.push({ id: this._documentIds.get(shortId) as string, post });
        if (best.length >= keep) break;
      }
      return this.pageFrom(best, page, size);
    }
    const canStopEarly = sort === 'newest' && this.isBuilt;
    // A post with the word in two fields (or two words of one prefix) is in two postings: once.
    const seen = new Set<number>();
    const isFirstSight = (shortId: number) => {
      if (rarest.postings.length === 1) return true;
      if (seen.has(shortId)) return false;
      seen.add(shortId);
      return true;
    };
    for (const posting of rarest.postings) {
      let accepted = 0;
      for (const shortId of posting.keys()) {
        if (this.isBuilt && shortId >= this.builtBelow) continue; // added live: below
        if (!this._documentIds.has(shortId) || !isFirstSight(shortId) || !matchesOthers(shortId)) continue;
        if (this.consider(shortId, accepts, comesFirst, best, keep)) accepted++;
        // Built postings run newest first: the rest of this one is older than what it gave.
        if (canStopEarly && accepted >= keep) break;
      }
    }
    for (const shortId of this.addedLive) {
      if (!this._documentIds.has(shortId)) {
        this.addedLive.delete(shortId);
        continue;
      }
      if (rarest.postings.some((posting) => posting.has(shortId)) && matchesOthers(shortId) && isFirstSight(shortId)) {
        this.consider(shortId, accepts, comesFirst, best, keep);
      }
    }
    return this.pageFrom(best, page, size);
  }

  private pageFrom(best: Candidate[], page: number, size: number) {
    const start = page * size;
    return {
      ids: best.slice(start, start + size).map((candidate) => candidate.id),
      hasMore: best.length > start + size,
    };
  }

  /** Puts an accepted post in its place among the best `keep` so far, if it belongs there; false if not accepted. */
  private consider(
    shortId: number,
    accepts: (post: StoredPost) => boolean,
    comesFirst: (a: StoredPost, b: StoredPost) => boolean,
    best: Candidate[],
    keep: number,
  ): boolean {
    const post = this._storedFields.get(shortId) as StoredPost | undefined;
    if (!post || !accepts(post)) return false;
    const last = best.at(-1);
    if (best.length === keep && last && !comesFirst(post, last.post)) return true;
    // Binary search for its place among the best so far.
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const other = best[middle] as Candidate;
      if (comesFirst(post, other.post)) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, { id: this._documentIds.get(shortId) as string, post });
    if (best.length > keep) best.pop();
    return true;
  }
}

const POST_INDEX_OPTIONS: Options<PostSearchDocument> = {
  fields: ['text', 'category', 'priceText', 'authorName', 'username'],
  storeFields: ['authorId', 'category', 'price', 'isSold', 'hasMedia', 'createdAt'],
  processTerm: foldTerm,
};

export function createPostIndex(): PostIndex {
  return new PostIndex(POST_INDEX_OPTIONS);
}
