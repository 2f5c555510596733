import type { SearchSuggestionDto } from '@campus/shared/search-api';
import { useEffect, useState } from 'react';
import { loadSuggestions } from './load-suggestions.ts';

/** Long enough to skip the letters of a word typed quickly, short enough to feel instant. */
const DEBOUNCE_MS = 120;

export interface SearchSuggestions {
  suggestions: SearchSuggestionDto[];
  /** The trimmed words `suggestions` answer ('' for none). */
  answeredQuery: string;
}

const NONE: SearchSuggestions = { suggestions: [], answeredQuery: '' };

/**
 * Suggestions for the typed words, debounced; an answer for words no longer in the box is dropped
 * (its request aborted). Nothing is fetched for empty words or when `isEnabled` is false.
 */
export function useSearchSuggestions(query: string, isEnabled: boolean, isOnline: boolean): SearchSuggestions {
  const words = query.trim();
  const [answer, setAnswer] = useState<SearchSuggestions>(NONE);

  useEffect(() => {
    if (!words || !isEnabled) {
      setAnswer(NONE);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void loadSuggestions(words, { signal: controller.signal, isOnline }).then((suggestions) => {
        if (!controller.signal.aborted) setAnswer({ suggestions, answeredQuery: words });
      });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [words, isEnabled, isOnline]);

  // While the next answer comes, the last one stays (no flicker between letters); none for no words.
  return words ? answer : NONE;
}
