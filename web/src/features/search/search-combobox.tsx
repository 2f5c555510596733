import { SEARCH_BOX_TEXT, SEARCH_QUERY_MAX } from '@campus/shared/search-api';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDeleteModal } from '../../lib/confirm-delete-modal.tsx';
import { Icon } from '../../lib/icon.tsx';
import { SearchDropdown } from './search-dropdown.tsx';
import { useSearchBox } from './use-search-box.ts';
import '../../styles/search-box.css';

/**
 * The header search box (spec 1 §2 "Shell"; decision 038): a WAI-ARIA combobox whose dropdown
 * lists suggestions, popular searches and 'My Recent'; Enter searches (/search?q=).
 */
export function SearchCombobox({ campusShortName, hasFocus }: { campusShortName: string; hasFocus: boolean }) {
  const model = useSearchBox();
  const { state, dispatch, options, inputRef } = model;
  const [isConfirmingClear, setIsConfirmingClear] = useState(false);
  const listId = useId();
  const label = SEARCH_BOX_TEXT.placeholder(campusShortName);
  const isExpanded = state.isOpen && options.length > 0;
  // The question answered or dismissed: the focus comes back to the box (the dialog, removed while
  // open, gives it back to nobody), so a keyboard student is where she was.
  const wasConfirmingClear = useRef(false);
  useEffect(() => {
    if (wasConfirmingClear.current && !isConfirmingClear) inputRef.current?.focus();
    wasConfirmingClear.current = isConfirmingClear;
  }, [isConfirmingClear, inputRef]);
  // Focused while this code loaded (search-box.tsx): the focus moves here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    if (hasFocus) inputRef.current?.focus();
  }, []);

  return (
    <>
      <form
        className="search-box"
        onSubmit={(event) => {
          event.preventDefault();
          model.submit();
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) dispatch({ type: 'closed' });
        }}
      >
        <Icon name="search" size={18} />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          className="search-box__input"
          placeholder={label}
          aria-label={label}
          aria-controls={listId}
          aria-expanded={isExpanded}
          aria-autocomplete="list"
          aria-activedescendant={isExpanded && state.active >= 0 ? `${listId}-${state.active}` : undefined}
          value={state.query}
          onChange={(event) => dispatch({ type: 'typed', query: event.target.value })}
          onFocus={model.onFocus}
          onClick={() => dispatch({ type: 'focused' })}
          onKeyDown={model.onKeyDown}
          maxLength={SEARCH_QUERY_MAX}
          autoComplete="off"
          enterKeyHint="search"
        />
        {state.isOpen && <SearchDropdown model={model} listId={listId} onClearAll={() => setIsConfirmingClear(true)} />}
      </form>
      <p role="status" className="visually-hidden">
        {state.isOpen ? announcementOf(options.length, state.query) : ''}
      </p>
      {isConfirmingClear && (
        <ConfirmDeleteModal
          title={SEARCH_BOX_TEXT.clearAllTitle}
          text={SEARCH_BOX_TEXT.clearAllText}
          confirmLabel={SEARCH_BOX_TEXT.clearAll}
          pendingLabel={SEARCH_BOX_TEXT.clearAll}
          isPending={false}
          onDelete={() => {
            setIsConfirmingClear(false);
            void model.recent.clear();
          }}
          onClose={() => setIsConfirmingClear(false)}
        />
      )}
    </>
  );
}

/** What a screen reader hears as the list changes (a polite live region). */
function announcementOf(count: number, query: string): string {
  if (count === 0) return query.trim() ? 'No suggestions' : SEARCH_BOX_TEXT.empty;
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}
