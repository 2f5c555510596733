import type { SearchQuery } from '@campus/shared/search-requests';

/** One timed call in the page; `before` is a write done first, outside the timing. */
export type BenchQuery =
  | { kind: 'search'; search: SearchQuery; before?: { kind: 'change'; postId: string } | { kind: 'saved' } }
  | { kind: 'suggest'; q: string };

export interface BenchCase {
  name: string;
  queries: BenchQuery[];
  /** A warm query, held to one frame at 4×; the rest are reported without a target. */
  isWarm: boolean;
}

// Words of the seeded posts (search-seed.ts, seed-content.ts): common ('bike') to rare ('kayak'), and prefixes.
const ONE_WORD = [
  'bike',
  'desk',
  'kayak',
  'lamp',
  'textbook',
  'fridge',
  'guitar',
  'trek',
  'ikea',
  'scoot',
  'head',
  'micro',
];
const TWO_WORDS = [
  'trek bike',
  'wireless headphones',
  'folding desk',
  'vintage lamp',
  'mini fridge',
  'sony speaker',
  'ikea desk',
  'like new',
];
const FILTERS: Partial<SearchQuery>[] = [
  { maxPrice: 300, available: 'true' },
  { category: 'furniture', sort: 'price-asc' },
  { minPrice: 50, maxPrice: 500, sort: 'price-desc' },
  { available: 'true', sort: 'price-asc' },
];
const PEOPLE = ['em', 'noah', 'liam a', 'priya', 'sofia', 'wei', 'zoe', 'ethan'];
/** The header box as a student types 'bike', 'trek' and 'desk lamp'. */
const TYPED = [
  'b',
  'bi',
  'bik',
  'bike',
  't',
  'tr',
  'tre',
  'trek',
  'd',
  'de',
  'des',
  'desk',
  'desk l',
  'desk la',
  'desk lam',
];

function search(q: string, patch: Partial<SearchQuery> = {}): SearchQuery {
  return { q, show: 'latest', page: 0, sort: 'newest', ...patch };
}

function cycle<T>(items: readonly T[], count: number, make: (item: T, index: number) => BenchQuery): BenchQuery[] {
  return Array.from({ length: count }, (_, index) => make(items[index % items.length] as T, index));
}

/** The cases, `count` calls each (a fifth of that for the ones that write first). */
export function benchCases(count: number, postIds: string[]): BenchCase[] {
  const few = Math.max(5, Math.round(count / 5));
  return [
    { name: 'one word', isWarm: true, queries: cycle(ONE_WORD, count, (q) => ({ kind: 'search', search: search(q) })) },
    {
      name: 'one word + filters',
      isWarm: true,
      queries: cycle(ONE_WORD, count, (q, index) => ({ kind: 'search', search: search(q, FILTERS[index % 4]) })),
    },
    {
      name: 'two words',
      isWarm: true,
      queries: cycle(TWO_WORDS, count, (q) => ({ kind: 'search', search: search(q) })),
    },
    {
      name: 'two words + filters',
      isWarm: true,
      queries: cycle(TWO_WORDS, count, (q, index) => ({ kind: 'search', search: search(q, FILTERS[index % 4]) })),
    },
    {
      name: 'media tab, page 2',
      isWarm: true,
      queries: cycle(ONE_WORD, count, (q) => ({ kind: 'search', search: search(q, { show: 'media', page: 1 }) })),
    },
    {
      name: 'people',
      isWarm: true,
      queries: cycle(PEOPLE, count, (q) => ({ kind: 'search', search: search(q, { show: 'people' }) })),
    },
    { name: 'suggestions as typed', isWarm: true, queries: cycle(TYPED, count, (q) => ({ kind: 'suggest', q })) },
    {
      name: 'after 1 post changed',
      isWarm: true,
      queries: cycle(ONE_WORD, few, (q, index) => ({
        kind: 'search',
        search: search(q),
        before: { kind: 'change', postId: postIds[(index * 97) % postIds.length] as string },
      })),
    },
    {
      name: 'after /saved re-read (whole copy)',
      isWarm: false,
      queries: cycle(ONE_WORD, few, (q) => ({ kind: 'search', search: search(q), before: { kind: 'saved' } })),
    },
  ];
}

export function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
