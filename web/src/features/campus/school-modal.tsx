import { type CampusSearchHitDto, SCHOOL_FINDER_TEXT } from '@campus/shared/campus-search-api';
import { Modal } from '../../lib/modal.tsx';
import { SchoolActions } from './school-actions.tsx';
import { schoolPlace } from './school-place.ts';
import { useSelectedSchool } from './use-selected-school.ts';

/** The selected school's modal: logo, name and the one button that fits the viewer (spec 2 School finder). */
export function SchoolModal({
  campusId,
  shown,
  onClose,
}: {
  campusId: string;
  shown: readonly CampusSearchHitDto[];
  onClose: () => void;
}) {
  const selected = useSelectedSchool(campusId, shown);
  if (selected.status === 'loading') {
    return (
      <Modal title="Loading…" onClose={onClose}>
        <div className="school-modal" aria-busy="true">
          <span className="skeleton school-modal__logo" />
          <span className="skeleton skeleton--line" />
        </div>
      </Modal>
    );
  }
  if (selected.status === 'missing') {
    return (
      <Modal title={SCHOOL_FINDER_TEXT.somethingWentWrong} onClose={onClose}>
        <p className="modal__text">Pick your school from the list to see its campus.</p>
        <button type="button" className="button button--outline" onClick={onClose}>
          Back to the list
        </button>
      </Modal>
    );
  }
  const { school } = selected;
  return (
    <Modal title={school.name} onClose={onClose}>
      <div className="school-modal">
        <img
          className="school-modal__logo"
          src={school.logoUrl}
          alt={`${school.shortName} logo`}
          width={96}
          height={96}
        />
        <p className="modal__text">{schoolPlace(school)}</p>
        <SchoolActions school={school} onClose={onClose} />
      </div>
    </Modal>
  );
}
