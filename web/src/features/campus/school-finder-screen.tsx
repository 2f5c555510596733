import { CAMPUS_SEARCH_MAX_CHARS, SCHOOL_FINDER_TEXT } from '@campus/shared/campus-search-api';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Icon } from '../../lib/icon.tsx';
import { menuKeyAction } from '../../lib/menu-keys.ts';
import { SkeletonRows } from '../../lib/skeleton-rows.tsx';
import { SchoolModal } from './school-modal.tsx';
import { SchoolOption } from './school-option.tsx';
import { SearchSchoolsStatus } from './search-schools-status.tsx';
import { useSchoolSearch } from './use-school-search.ts';

/**
 * /search_schools (spec 2 School finder): 'Find Your School', an as-you-type combobox over the
 * catalogue; picking a school opens its modal. The words (?q=) and the school (?school=) live in
 * the address, so a reload or Back keeps them.
 */
export function SchoolFinderScreen() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [active, setActive] = useState(-1);
  const search = useSchoolSearch(query);
  const { schools } = search;
  const selectedId = params.get('school');
  const listId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts with nothing highlighted.
  useEffect(() => setActive(-1), [schools]);

  function updateParams(next: { q?: string; school?: string | null }, replace: boolean) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.q !== undefined) {
          if (next.q.trim()) updated.set('q', next.q);
          else updated.delete('q');
        }
        if (next.school === null) updated.delete('school');
        else if (next.school !== undefined) updated.set('school', next.school);
        return updated;
      },
      { replace },
    );
  }

  function onType(value: string) {
    setQuery(value);
    updateParams({ q: value }, true);
  }

  function pick(index: number) {
    const school = schools[index];
    if (school) updateParams({ school: school.id }, false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      pick(active >= 0 ? active : schools.length === 1 ? 0 : -1);
      return;
    }
    if (event.key === 'Escape') {
      if (query) onType('');
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const action = menuKeyAction(event.key, active, schools.length);
    if (action?.type === 'focus') {
      event.preventDefault();
      setActive(action.index);
      document.getElementById(`${listId}-${action.index}`)?.scrollIntoView({ block: 'nearest' });
    }
  }

  const isLoadingFirst = search.isSearching && schools.length === 0;
  return (
    <section className="card school-finder" aria-labelledby="school-finder-title">
      <h1 id="school-finder-title" className="school-finder__title">
        {SCHOOL_FINDER_TEXT.title}
      </h1>
      <p className="school-finder__lead">Search by school name, city or state.</p>
      <label className="search-box school-finder__box">
        <Icon name="search" size={18} />
        <span className="visually-hidden">{SCHOOL_FINDER_TEXT.placeholder}</span>
        <input
          className="search-box__input"
          type="search"
          role="combobox"
          aria-expanded={schools.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={SCHOOL_FINDER_TEXT.placeholder}
          value={query}
          maxLength={CAMPUS_SEARCH_MAX_CHARS}
          autoComplete="off"
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          // biome-ignore lint/a11y/noAutofocus: the screen exists to type a school's name.
          autoFocus
        />
      </label>
      {isLoadingFirst && (
        <SkeletonRows
          label="Searching schools"
          listClassName="school-finder__loading"
          rowClassName="school-option"
          bodyClassName="school-option__names"
        />
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Schools"
        aria-busy={search.isSearching}
        className="school-finder__list"
      >
        {schools.map((school, index) => (
          <SchoolOption
            key={school.id}
            id={`${listId}-${index}`}
            school={school}
            isActive={index === active}
            onPick={() => pick(index)}
            onHover={() => setActive(index)}
          />
        ))}
      </div>
      <SearchSchoolsStatus search={search} query={query} />
      {selectedId !== null && (
        <SchoolModal campusId={selectedId} shown={schools} onClose={() => updateParams({ school: null }, true)} />
      )}
    </section>
  );
}
