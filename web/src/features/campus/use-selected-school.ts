import type { CampusSearchHitDto } from '@campus/shared/campus-search-api';
import { useEffect, useState } from 'react';
import { fetchSchool } from './api.ts';

export type SelectedSchool =
  | { status: 'loading' }
  | { status: 'found'; school: CampusSearchHitDto }
  /** spec 2 School finder: "If no school is selected the modal shows 'Something went wrong'". */
  | { status: 'missing' };

/** The school the finder's modal shows: from the list on screen, else asked of the server by id. */
export function useSelectedSchool(campusId: string, shown: readonly CampusSearchHitDto[]): SelectedSchool {
  const onScreen = shown.find((school) => school.id === campusId);
  const [fetched, setFetched] = useState<SelectedSchool>({ status: 'loading' });

  useEffect(() => {
    if (onScreen || campusId === '') return;
    let isCurrent = true;
    setFetched({ status: 'loading' });
    fetchSchool(campusId).then(
      (school) => isCurrent && setFetched({ status: 'found', school }),
      () => isCurrent && setFetched({ status: 'missing' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [campusId, onScreen]);

  if (campusId === '') return { status: 'missing' };
  return onScreen ? { status: 'found', school: onScreen } : fetched;
}
