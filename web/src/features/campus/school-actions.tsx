import { type CampusSearchHitDto, SCHOOL_FINDER_TEXT } from '@campus/shared/campus-search-api';
import { siteHandoffHref } from '@campus/shared/site-handoff-api';
import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useAuthGate } from '../auth/index.ts';

/**
 * The school modal's button (spec 2 School finder): 'View Your Campus' for the viewer's own school,
 * 'Visit As Guest' (a new tab on that school's site) for a verified student of another, 'Join Campus'
 * for everyone else: to the school e-mail settings with ?campus=, or for a signed-out visitor the
 * auth modal of type join campus in place of this one. Another site is reached through the
 * hand-off, so the student arrives signed in there (decision 042).
 */
export function SchoolActions({ school, onClose }: { school: CampusSearchHitDto; onClose: () => void }) {
  const viewer = useViewer();
  const openAuthGate = useAuthGate();
  const site = useCampus();
  const siteUrl = siteHandoffHref(school.id);

  if (!viewer) {
    return (
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          onClose();
          openAuthGate('join');
        }}
      >
        {SCHOOL_FINDER_TEXT.joinCampus}
      </button>
    );
  }
  if (!viewer.isVerified || !viewer.isSchoolVerified) {
    return (
      <Link
        to={`/settings/account/school_email?campus=${encodeURIComponent(school.id)}`}
        className="button button--primary"
      >
        {SCHOOL_FINDER_TEXT.joinCampus}
      </Link>
    );
  }
  if (viewer.campusId === school.id) {
    if (site.id === school.id) {
      return (
        <Link to="/home" className="button button--primary">
          {SCHOOL_FINDER_TEXT.viewYourCampus}
        </Link>
      );
    }
    return (
      <a href={siteUrl} className="button button--primary">
        {SCHOOL_FINDER_TEXT.viewYourCampus}
      </a>
    );
  }
  // A guest reads the school's site and is gated before any write there (decision 023).
  return (
    <a href={siteUrl} target="_blank" rel="noopener noreferrer" className="button button--primary">
      {SCHOOL_FINDER_TEXT.visitAsGuest}
    </a>
  );
}
