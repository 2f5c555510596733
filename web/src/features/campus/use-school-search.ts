import { searchCampuses, toCampusSearchHit } from '@campus/shared/campus-search';
import { CAMPUS_SEARCH_LIMIT, type CampusSearchHitDto } from '@campus/shared/campus-search-api';
import { CAMPUSES } from '@campus/shared/campuses';
import { useEffect, useState } from 'react';
import { isNetworkError } from '../../lib/api-client.ts';
import { searchSchools } from './api.ts';

const DEBOUNCE_MS = 150;

export interface SchoolSearch {
  schools: CampusSearchHitDto[];
  /** A request for the current words is on its way. */
  isSearching: boolean;
  /** No network: the list comes from the catalogue this app carries (decision 036). */
  isFromDevice: boolean;
  /** The words the list answers (trimmed); '' before anything was typed. */
  answeredQuery: string;
}

/** As-you-type search of the catalogue on the server; an offline device searches its own copy. */
export function useSchoolSearch(query: string): SchoolSearch {
  const trimmed = query.trim();
  const [state, setState] = useState<Omit<SchoolSearch, 'isSearching'>>({
    schools: [],
    isFromDevice: false,
    answeredQuery: '',
  });
  const [isSearching, setIsSearching] = useState(false);

  useEffect(() => {
    if (trimmed === '') {
      setState({ schools: [], isFromDevice: false, answeredQuery: '' });
      setIsSearching(false);
      return;
    }
    const controller = new AbortController();
    setIsSearching(true);
    const timer = window.setTimeout(() => {
      searchSchools(trimmed, controller.signal)
        .then(
          (body) => setState({ schools: body.campuses, isFromDevice: false, answeredQuery: trimmed }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const local = isNetworkError(error)
              ? searchCampuses(CAMPUSES, trimmed, CAMPUS_SEARCH_LIMIT).map(toCampusSearchHit)
              : [];
            setState({ schools: local, isFromDevice: isNetworkError(error), answeredQuery: trimmed });
          },
        )
        .finally(() => !controller.signal.aborted && setIsSearching(false));
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [trimmed]);

  return { ...state, isSearching };
}
