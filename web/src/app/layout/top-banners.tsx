import { CAMPUSES } from '@campus/shared/campuses';
import { siteHandoffHref } from '@campus/shared/site-handoff-api';
import { Link } from 'react-router';
import { Icon } from '../../lib/icon.tsx';
import { useCampus } from '../campus/campus-context.tsx';
import { useViewer } from '../session/use-viewer.ts';

/**
 * spec 1 §2 top banners: 'Verify your account' while the user is unverified
 * or has no school e-mail; 'Visit Your Campus' on the generic site for a
 * verified student, opening their campus's own site signed in (decision 042).
 */
export function TopBanners() {
  const viewer = useViewer();
  const site = useCampus();
  if (!viewer) return null;
  if (!viewer.isVerified || !viewer.schoolEmail) {
    return (
      <Link to={site.isGeneric ? '/search_schools' : '/settings/account/school_email'} className="banner">
        <Icon name="school" size={20} />
        <span>
          <strong>Verify your account</strong> to post, comment and message on your campus.
        </span>
      </Link>
    );
  }
  const own = CAMPUSES.find((campus) => campus.id === viewer.campusId && !campus.isGeneric);
  if (site.isGeneric && own) {
    return (
      <a href={siteHandoffHref(own.id)} className="banner">
        <Icon name="home" size={20} />
        <span>
          <strong>Visit Your Campus</strong> — {own.shortName} Buy / Sell
        </span>
      </a>
    );
  }
  return null;
}
