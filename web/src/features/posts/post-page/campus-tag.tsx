import { Link } from 'react-router';
import { useCampus } from '../../../app/campus/campus-context.tsx';

/**
 * The campus tag of the post page's author header (spec 2 §2): the group the
 * post was written in. Posts are campus-scoped, so it is this site's campus.
 */
export function CampusTag() {
  const campus = useCampus();
  return (
    <Link to="/about" className="campus-tag" title={campus.name} aria-label={`Posted in ${campus.name}`}>
      {campus.shortName} Buy / Sell
    </Link>
  );
}
