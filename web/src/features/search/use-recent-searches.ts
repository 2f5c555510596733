import { useMemo } from 'react';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { useLiveQuery } from '../../local/use-live-query.ts';
import { addRecentSearch, clearRecentSearches, listRecentSearches, removeRecentSearch } from './recent-searches.ts';

export interface RecentSearches {
  /** Newest first, as Dexie holds them for this user (live: another tab's searches show too). */
  texts: string[];
  add(text: string): Promise<void>;
  remove(text: string): Promise<void>;
  clear(): Promise<void>;
}

/** 'My Recent' of the signed-in user ('' for a visitor) on this device (decision 038). */
export function useRecentSearches(owner: string): RecentSearches {
  const { db } = useLocalSync();
  const rows = useLiveQuery(() => listRecentSearches(db, owner), [db, owner]);
  return useMemo(
    () => ({
      texts: (rows ?? []).map((row) => row.text),
      add: (text) => addRecentSearch(db, owner, text),
      remove: (text) => removeRecentSearch(db, owner, text),
      clear: () => clearRecentSearches(db, owner),
    }),
    [db, owner, rows],
  );
}
