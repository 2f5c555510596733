import { SEARCH_QUERY_MAX } from '@campus/shared/search-api';
import { type FormEvent, useEffect, useState } from 'react';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { Icon } from '../../lib/icon.tsx';
import { useSearchBack } from './search-back.ts';

/**
 * The top of /search: Back (spec 2 §2) and a search field prefilled with q,
 * so phones, which have no header box, can search here. Enter searches; an
 * empty query is ignored.
 */
export function SearchField({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const campus = useCampus();
  const goBack = useSearchBack();
  const [text, setText] = useState(q);
  // Back and Forward change q under the field: it follows.
  useEffect(() => setText(q), [q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const words = text.trim();
    if (words) onSearch(words);
  }

  return (
    <div className="card search-top">
      <button type="button" className="icon-button" aria-label="Back" onClick={goBack}>
        <Icon name="back" />
      </button>
      <form className="search-top__form" onSubmit={submit}>
        <Icon name="search" size={18} />
        <input
          type="search"
          className="search-top__input"
          aria-label="Search posts and people"
          placeholder={`Search ${campus.shortName} Buy / Sell`}
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </div>
  );
}
