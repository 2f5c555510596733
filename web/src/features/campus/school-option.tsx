import type { CampusSearchHitDto } from '@campus/shared/campus-search-api';
import { schoolPlace } from './school-place.ts';

interface SchoolOptionProps {
  school: CampusSearchHitDto;
  id: string;
  isActive: boolean;
  onPick: () => void;
  onHover: () => void;
}

/** One result: logo, school name, and city, state, country (spec 2 School finder). */
export function SchoolOption({ school, id, isActive, onPick, onHover }: SchoolOptionProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={isActive}
      className={`school-option${isActive ? ' is-selected' : ''}`}
      onClick={onPick}
      onMouseEnter={onHover}
    >
      <img className="school-option__logo" src={school.logoUrl} alt="" width={44} height={44} loading="lazy" />
      <span className="school-option__names">
        <span className="school-option__name">{school.name}</span>
        <span className="school-option__place">{schoolPlace(school)}</span>
      </span>
    </div>
  );
}
