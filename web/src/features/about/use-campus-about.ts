import type { CampusAboutDto } from '@campus/shared/about-api';
import type { AuthorDto } from '@campus/shared/post-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { fetchCampusAbout, fetchNewMembers } from './api.ts';

export type ActivityCounts = Omit<CampusAboutDto, 'newMembers' | 'newMembersCursor'>;

export interface CampusAboutState {
  counts: ActivityCounts | null;
  members: AuthorDto[];
  hasMoreMembers: boolean;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: string | null;
  /** 'See more': the next 6 members (spec 2 §9: new members page 3 then 6). */
  loadMoreMembers: () => void;
}

function messageOf(caught: unknown): string {
  return caught instanceof ApiRequestError ? caught.message : 'Something went wrong.';
}

/** GET /api/campus/about, then /api/campus/new-members?cursor= for each 'See more'. */
export function useCampusAbout(): CampusAboutState {
  const [counts, setCounts] = useState<ActivityCounts | null>(null);
  const [members, setMembers] = useState<AuthorDto[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    let isCurrent = true;
    fetchCampusAbout().then(
      ({ newMembers, newMembersCursor, ...activity }) => {
        if (!isCurrent) return;
        setCounts(activity);
        setMembers(newMembers);
        setCursor(newMembersCursor);
        setIsLoading(false);
      },
      (caught: unknown) => {
        if (!isCurrent) return;
        setError(messageOf(caught));
        setIsLoading(false);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  const loadMoreMembers = useCallback(async () => {
    if (!cursor || inFlight.current) return;
    inFlight.current = true;
    setIsLoadingMore(true);
    try {
      const page = await fetchNewMembers(cursor);
      setMembers((current) => [...current, ...page.members]);
      setCursor(page.nextCursor);
      setError(null);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      inFlight.current = false;
      setIsLoadingMore(false);
    }
  }, [cursor]);

  return {
    counts,
    members,
    hasMoreMembers: cursor !== null,
    isLoading,
    isLoadingMore,
    error,
    loadMoreMembers: () => void loadMoreMembers(),
  };
}
