import type { SchoolSearch } from './use-school-search.ts';

/** The calm lines under the finder's list: before typing, no match, and the offline note. */
export function SearchSchoolsStatus({ search, query }: { search: SchoolSearch; query: string }) {
  const trimmed = query.trim();
  if (trimmed === '') {
    return <p className="school-finder__hint">Type your school's name, its city or its state, e.g. 'Texas'.</p>;
  }
  const isSettled = !search.isSearching && search.answeredQuery === trimmed;
  return (
    <p className="school-finder__hint" role="status">
      {isSettled && search.schools.length === 0 && `No schools match "${trimmed}". Check the spelling or try the city.`}
      {isSettled && search.schools.length > 0 && search.isFromDevice && 'Offline: these schools come from this device.'}
      {isSettled && search.schools.length > 0 && !search.isFromDevice && (
        <span className="visually-hidden">
          {search.schools.length === 1 ? '1 school found' : `${search.schools.length} schools found`}
        </span>
      )}
    </p>
  );
}
