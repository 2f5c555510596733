/**
 * The search index definition (issue 22, decision 035): which fields a post
 * and a person are found by, how words are cut and folded, and the matching
 * (prefix, fuzzy, every word). The server's per-campus indexes use it today;
 * the browser's offline search builds the same MiniSearch over its Dexie copy
 * with `postSearchDocumentOf` (load it lazily there: STACK.md).
 */
import MiniSearch, { type Options } from 'minisearch';
import type { PostDto } from './post-api.ts';
import { richTextToPlainText } from './rich-text.ts';

/** A top-level post as the index sees it: words to match, plus what filters and sorts read. */
export interface PostSearchDocument {
  id: string;
  /** The plain text of the rich text. */
  text: string;
  category: string;
  /** The price as a word ('300'), so '300' finds a $300 bike. */
  priceText: string;
  authorName: string;
  username: string;
  authorId: string;
  /** Whole dollars, or null. */
  price: number | null;
  isSold: boolean;
  /** spec 2 §7: the media tab is `img_count > 0`. */
  hasMedia: boolean;
  /** Milliseconds since the epoch: the spec's posts_date_desc order. */
  createdAt: number;
}

/** A school-verified member of the campus, found by name and username. */
export interface PersonSearchDocument {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
}

/** 'Café' and 'cafe', 'BIKE' and 'bike' are one word. */
export function foldTerm(term: string): string | null {
  const folded = term
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  return folded === '' ? null : folded;
}

/**
 * People are few (a campus's members): MiniSearch's own scored search, best
 * match first. Every word must match (a second word narrows), each as a
 * prefix (the box searches as you type) and, from 4 letters, with one typo in
 * 5 letters; never a word with a digit, where one character is another thing.
 * Posts are found by post-search-index.ts, in the spec's date order.
 */
const PERSON_INDEX_OPTIONS: Options<PersonSearchDocument> = {
  fields: ['firstName', 'lastName', 'username'],
  processTerm: foldTerm,
  searchOptions: {
    prefix: true,
    fuzzy: (term) => (term.length >= 4 && !/\d/.test(term) ? 0.2 : false),
    maxFuzzy: 2,
    combineWith: 'AND',
    boost: { username: 1.5 },
  },
};

export function createPersonIndex(): MiniSearch<PersonSearchDocument> {
  return new MiniSearch(PERSON_INDEX_OPTIONS);
}

/** What the index needs of a post, whichever side reads it (a SQLite row, a PostDto). */
interface PostFields {
  id: string;
  plainText: string;
  category: string | null;
  price: number | null;
  isSold: boolean;
  hasMedia: boolean;
  createdAt: string;
  author: { id: string; firstName: string; lastName: string; username: string };
}

export function toPostSearchDocument(post: PostFields): PostSearchDocument {
  return {
    id: post.id,
    text: post.plainText,
    category: post.category ?? '',
    priceText: post.price === null ? '' : String(post.price),
    authorName: `${post.author.firstName} ${post.author.lastName}`,
    username: post.author.username,
    authorId: post.author.id,
    price: post.price,
    isSold: post.isSold,
    hasMedia: post.hasMedia,
    createdAt: Date.parse(post.createdAt),
  };
}

/** The browser's mapping: a post as the feed delivered it (the device copy holds PostDtos). */
export function postSearchDocumentOf(post: PostDto): PostSearchDocument {
  return toPostSearchDocument({
    ...post,
    plainText: richTextToPlainText(post.text),
    hasMedia: post.media.length > 0,
  });
}

/** The header box's title of a post: its first line, cut to a box's width. */
export function postTitleOf(plainText: string): string {
  const firstLine = plainText.trim().split('\n', 1)[0] ?? '';
  return firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
}
