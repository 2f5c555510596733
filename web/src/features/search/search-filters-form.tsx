import { POST_CATEGORIES } from '@campus/shared/post-rules';
import { SEARCH_SORTS, type SearchSort } from '@campus/shared/search-api';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { categoryLabel } from '../composer/index.ts';
import type { SearchFilters } from './search-url.ts';

const SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/** A whole-dollar field's text as a price: empty is no price, anything else is read as digits. */
function priceOf(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}

function textOf(price: number | null): string {
  return price === null ? '' : String(price);
}

/**
 * The post tabs' filters (issue 22): category, price from/to in whole
 * dollars, 'Available only' and the order. A select or the toggle applies at
 * once; a price applies on Enter or when the field is left, not per keystroke.
 */
export function SearchFiltersForm({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}) {
  const id = useId();
  // The filters as last changed here: a price applied on blur and the toggle clicked next must
  // both land, even before the page has re-rendered with the first.
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);
  function change(patch: Partial<SearchFilters>) {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    onChange(next);
  }
  const [minText, setMinText] = useState(textOf(filters.minPrice));
  const [maxText, setMaxText] = useState(textOf(filters.maxPrice));
  useEffect(() => setMinText(textOf(filters.minPrice)), [filters.minPrice]);
  useEffect(() => setMaxText(textOf(filters.maxPrice)), [filters.maxPrice]);

  function applyPrices() {
    const minPrice = priceOf(minText);
    const maxPrice = priceOf(maxText);
    if (minPrice !== latest.current.minPrice || maxPrice !== latest.current.maxPrice) change({ minPrice, maxPrice });
  }

  function applyOnEnter(event: KeyboardEvent) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    applyPrices();
  }

  return (
    <fieldset className="search-filters">
      <legend className="visually-hidden">Filters</legend>
      <label className="field search-filters__category">
        <span className="field__label">Category</span>
        <select
          className="field__input"
          value={filters.category ?? ''}
          onChange={(event) => {
            const category = POST_CATEGORIES.find((value) => value === event.target.value) ?? null;
            change({ category });
          }}
        >
          <option value="">All categories</option>
          {POST_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="search-filters__price">
        <legend className="field__label">Price ($)</legend>
        <label className="visually-hidden" htmlFor={`${id}-min`}>
          Lowest price ($)
        </label>
        <input
          id={`${id}-min`}
          className="field__input"
          inputMode="numeric"
          placeholder="Min"
          value={minText}
          onChange={(event) => setMinText(event.target.value.replace(/\D/g, '').slice(0, 6))}
          onBlur={applyPrices}
          onKeyDown={applyOnEnter}
        />
        <span aria-hidden="true">to</span>
        <label className="visually-hidden" htmlFor={`${id}-max`}>
          Highest price ($)
        </label>
        <input
          id={`${id}-max`}
          className="field__input"
          inputMode="numeric"
          placeholder="Max"
          value={maxText}
          onChange={(event) => setMaxText(event.target.value.replace(/\D/g, '').slice(0, 6))}
          onBlur={applyPrices}
          onKeyDown={applyOnEnter}
        />
      </fieldset>
      <label className="field search-filters__sort">
        <span className="field__label">Sort by</span>
        <select
          className="field__input"
          value={filters.sort}
          onChange={(event) => {
            const sort = SEARCH_SORTS.find((value) => value === event.target.value);
            change({ sort: sort ?? 'newest' });
          }}
        >
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className="search-filters__toggle">
        <input
          type="checkbox"
          role="switch"
          aria-checked={filters.isAvailableOnly}
          checked={filters.isAvailableOnly}
          onChange={(event) => change({ isAvailableOnly: event.target.checked })}
        />
        <span>Available only</span>
      </label>
    </fieldset>
  );
}
