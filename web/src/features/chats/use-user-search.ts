import { USER_SEARCH_MIN_CHARS } from '@campus/shared/chat-api';
import type { AuthorDto } from '@campus/shared/post-api';
import { useEffect, useState } from 'react';
import { searchUsers } from './api.ts';

const DEBOUNCE_MS = 200;

/**
 * spec 1 §4 message user search: people of the viewer's campus, from 2
 * characters on; spec 2 §8: a failed search empties the list.
 */
export function useUserSearch(query: string): { users: AuthorDto[]; isSearching: boolean } {
  const [users, setUsers] = useState<AuthorDto[]>([]);
  const [isSearching, setIsSearching] = useState(false);
  const trimmed = query.trim();

  useEffect(() => {
    if (trimmed.length < USER_SEARCH_MIN_CHARS) {
      setUsers([]);
      setIsSearching(false);
      return;
    }
    let isCurrent = true;
    setIsSearching(true);
    const timer = window.setTimeout(() => {
      searchUsers(trimmed)
        .then(
          (body) => isCurrent && setUsers(body.users),
          () => isCurrent && setUsers([]),
        )
        .finally(() => isCurrent && setIsSearching(false));
    }, DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [trimmed]);

  return { users, isSearching };
}
