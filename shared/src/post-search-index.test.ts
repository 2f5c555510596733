import { describe, expect, it } from 'vitest';
import { createPostIndex, type StoredPost } from './post-search-index.ts';
import type { SearchSort } from './search-api.ts';
import type { PostSearchDocument } from './search-index.ts';

const WORDS = ['bike', 'bikes', 'desk', 'lamp', 'red', 'blue', 'trek', 'used'];

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function documentOf(index: number, random: () => number): PostSearchDocument {
  const words = Array.from({ length: 3 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const price = random() < 0.2 ? null : Math.floor(random() * 500);
  return {
    id: `p${index}`,
    text: words,
    category: random() < 0.5 ? 'furniture' : '',
    priceText: price === null ? '' : String(price),
    authorName: 'Sofia Diaz',
    username: 'sofia',
    authorId: `u${index % 7}`,
    price,
    isSold: random() < 0.2,
    hasMedia: random() < 0.5,
    createdAt: 1_700_000_000_000 + index * 1_000,
  };
}

/** The same page by brute force: every matching post sorted, then sliced. */
function expected(
  documents: Map<string, PostSearchDocument>,
  q: string,
  sort: SearchSort,
  page: number,
  accepts: (post: StoredPost) => boolean,
) {
  const words = q.split(' ');
  const order: Record<SearchSort, (a: PostSearchDocument, b: PostSearchDocument) => number> = {
    newest: (a, b) => b.createdAt - a.createdAt,
    'price-asc': (a, b) => (a.price ?? Infinity) - (b.price ?? Infinity) || b.createdAt - a.createdAt,
    'price-desc': (a, b) => (b.price ?? -1) - (a.price ?? -1) || b.createdAt - a.createdAt,
  };
  const matching = [...documents.values()]
    .filter((document) => {
      const terms =
        `${document.text} ${document.category} ${document.priceText} ${document.authorName} ${document.username}`
          .toLowerCase()
          .split(/\s+/);
      return words.every((word) => terms.some((term) => term.startsWith(word))) && accepts(document);
    })
    .sort(order[sort]);
  return matching.slice(page * 10, page * 10 + 10).map((document) => document.id);
}

describe('PostIndex.findPage', () => {
  it('pages as a full sort would, after a newest-first build, live adds, edits and deletes', () => {
    const random = seeded(42);
    const documents = new Map<string, PostSearchDocument>();
    for (let index = 0; index < 600; index++) documents.set(`p${index}`, documentOf(index, random));
    const index = createPostIndex();
    index.addAll([...documents.values()].sort((a, b) => b.createdAt - a.createdAt));
    index.markBuilt();
    // The price orders exist before the live writes below, so those must keep them sorted.
    index.findPage('bike', () => true, 'price-asc', 0, 10);
    index.findPage('bike', () => true, 'price-desc', 0, 10);
    for (let extra = 600; extra < 650; extra++) {
      const document = documentOf(extra, random);
      documents.set(document.id, document);
      index.add(document);
    }
    for (let edited = 0; edited < 40; edited++) {
      const id = `p${Math.floor(random() * 600)}`;
      const document = { ...documentOf(Number(id.slice(1)), random), createdAt: documents.get(id)?.createdAt ?? 0 };
      documents.set(id, document);
      index.replace(document);
    }
    for (let removed = 0; removed < 40; removed++) {
      const id = `p${Math.floor(random() * 650)}`;
      if (documents.delete(id)) index.discard(id);
    }
    const filters: [string, (post: StoredPost) => boolean][] = [
      ['none', () => true],
      ['available under $200', (post) => !post.isSold && (post.price ?? Infinity) <= 200],
      ['furniture with photos', (post) => post.category === 'furniture' && post.hasMedia],
    ];
    for (const q of ['bike', 'bik', 'red bike', 'trek used desk', 'sofia lamp']) {
      for (const sort of ['newest', 'price-asc', 'price-desc'] as const) {
        for (const [name, accepts] of filters) {
          for (const page of [0, 1, 3]) {
            const found = index.findPage(q, accepts, sort, page, 10).ids;
            expect(found, `${q} ${sort} ${name} page ${page}`).toEqual(expected(documents, q, sort, page, accepts));
          }
        }
      }
    }
  });

  it('forgives a typo only when the word as typed finds nothing', () => {
    const index = createPostIndex();
    const base = documentOf(0, seeded(1));
    index.addAll([
      { ...base, id: 'bike', text: 'bike', createdAt: 2 },
      { ...base, id: 'like', text: 'like new', createdAt: 3 },
      { ...base, id: 'iphone', text: 'iphone 12', createdAt: 1 },
    ]);
    index.markBuilt();
    expect(index.findPage('bike', () => true, 'newest', 0, 10).ids).toEqual(['bike']);
    expect(index.findPage('bikr', () => true, 'newest', 0, 10).ids).toEqual(['bike']);
    expect(index.findPage('iphone 13', () => true, 'newest', 0, 10).ids).toEqual([]);
  });
});
