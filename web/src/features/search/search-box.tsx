import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../lib/icon.tsx';

/**
 * The header search box (spec 1 §2 "Shell"): 'Search {campus} Buy / Sell'.
 * Suggestions, popular and recent searches arrive with the search issue;
 * today the dropdown shows the empty state and Enter opens /search.
 */
export function SearchBox({ campusShortName }: { campusShortName: string }) {
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();
  const listId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (!text) return; // spec 2 §2: an empty query is ignored.
    setIsOpen(false);
    navigate(`/search?q=${encodeURIComponent(text)}`);
  }

  return (
    <form className="search-box" onSubmit={submit}>
      <Icon name="search" size={18} />
      <input
        type="search"
        role="combobox"
        className="search-box__input"
        placeholder={`Search ${campusShortName} Buy / Sell`}
        aria-label={`Search ${campusShortName} Buy / Sell`}
        aria-controls={listId}
        aria-expanded={isOpen}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        onKeyDown={(event) => event.key === 'Escape' && setIsOpen(false)}
        maxLength={100}
        autoComplete="off"
      />
      {isOpen && (
        <div id={listId} className="search-box__dropdown" role="listbox" aria-label="Search suggestions">
          {query.trim() === '' && <p className="search-box__empty">Try searching for keywords</p>}
        </div>
      )}
    </form>
  );
}
