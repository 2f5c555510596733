import { SEARCH_BOX_TEXT } from '@campus/shared/search-api';
import { searchAccessOf } from '@campus/shared/search-rules';
import { type KeyboardEvent, useEffect, useMemo, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useSession } from '../../app/session/session-context.tsx';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { useAuthGate } from '../auth/index.ts';
import { comboboxReducer, enterChoice, INITIAL_COMBOBOX } from './combobox-state.ts';
import { recentSearchOwner } from './recent-searches.ts';
import { FROM_SEARCH } from './search-back.ts';
import { optionKey, type SearchOption, searchGroupsOf, searchTextOf } from './search-options.ts';
import { usePopularSearches } from './use-popular-searches.ts';
import { useRecentSearches } from './use-recent-searches.ts';
import { useSearchSuggestions } from './use-search-suggestions.ts';

/**
 * The header box's behaviour (spec 1 §2 "Search box", §6; decision 038): the combobox state,
 * what the dropdown lists, and what a search or a pick does. The component only draws it.
 */
export function useSearchBox() {
  const campus = useCampus();
  const { user } = useSession();
  const { status } = useLocalSync();
  const openAuthGate = useAuthGate();
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, dispatch] = useReducer(comboboxReducer, INITIAL_COMBOBOX);

  // spec 1 §6: on a private campus a visitor's search opens the auth modal 'Start searching.'; a
  // student the server would refuse (403) is not asked at all, and sees no suggestions.
  const access = searchAccessOf(campus.privacy, user);
  const isGated = access === 'sign-in';
  const mayAskServer = access === 'ok';
  const { suggestions } = useSearchSuggestions(state.query, mayAskServer, status !== 'offline');
  const { popular, refreshIfStale } = usePopularSearches(mayAskServer);
  const recent = useRecentSearches(recentSearchOwner(user?.id ?? null));

  const groups = useMemo(
    () => searchGroupsOf({ query: state.query, recent: recent.texts, popular, suggestions }),
    [state.query, recent.texts, popular, suggestions],
  );
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  /** 'Clear all' sits in My Recent's head while nothing is typed; Tab reaches it (decision 038). */
  const showsClearAll =
    state.isOpen && !state.query.trim() && groups.some((group) => group.label === SEARCH_BOX_TEXT.myRecent);
  const optionsKey = options.map(optionKey).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts with nothing active.
  useEffect(() => dispatch({ type: 'options-changed' }), [optionsKey]);

  function leave() {
    dispatch({ type: 'searched' });
    inputRef.current?.blur(); // phones: the keyboard goes down as the page changes
  }

  function search(text: string) {
    if (isGated) return openAuthGate('search');
    leave();
    void recent.add(text);
    // The /search page counts the search into popular searches as it opens (decision 037), and its
    // Back returns here when the box was used on the search page itself.
    navigate(`/search?q=${encodeURIComponent(text)}`, location.pathname === '/search' ? { state: FROM_SEARCH } : {});
  }

  function pick(option: SearchOption) {
    const text = searchTextOf(option);
    if (text !== null) return search(text);
    if (option.kind === 'person') {
      leave();
      navigate(`/${option.user.username}`);
    }
  }

  function submit() {
    const choice = enterChoice(state, options);
    if (choice?.kind === 'option') pick(choice.option);
    else if (choice?.kind === 'text') search(choice.text);
    else if (isGated) openAuthGate('search');
  }

  function onFocus() {
    if (isGated) {
      // Blurred first, so closing the modal gives focus back to the page, not to this box again.
      inputRef.current?.blur();
      openAuthGate('search');
      return;
    }
    refreshIfStale();
    dispatch({ type: 'focused' });
    if (status === 'offline' && mayAskServer) {
      void import('./device-search.ts')
        .then((device) => device.prepareDeviceSearch())
        .catch((error: unknown) => console.info('device search not prepared', error));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const active = state.isOpen ? options[state.active] : undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      dispatch({ type: 'arrow', key: event.key, count: options.length });
    } else if (event.key === 'Escape') {
      // Not the search field's own clear: the first Escape only closes the dropdown.
      if (state.isOpen || state.query) event.preventDefault();
      dispatch({ type: 'escape' });
    } else if (event.key === 'Delete' && active?.kind === 'recent') {
      event.preventDefault();
      void recent.remove(active.text);
    } else if (event.key === 'Tab' && (event.shiftKey || !showsClearAll)) {
      // Forward to 'Clear all' the dropdown stays open; out of the box it closes (the form's blur).
      dispatch({ type: 'closed' });
    }
  }

  /** Escape on 'Clear all': back to the box, the dropdown closed, as Escape in the box does. */
  function onClearAllKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    inputRef.current?.focus();
    dispatch({ type: 'closed' });
  }

  return {
    state,
    dispatch,
    groups,
    options,
    showsClearAll,
    inputRef,
    pick,
    submit,
    onFocus,
    onKeyDown,
    onClearAllKeyDown,
    recent,
  };
}

export type SearchBoxModel = ReturnType<typeof useSearchBox>;
