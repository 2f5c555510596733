import { CAMPUSES } from '@campus/shared/campuses';
import { Link } from 'react-router';
import { useAuthGate } from '../../auth/index.ts';

/** spec 2 §2 Post page: "Logged-out visitors see Log In and Join Group buttons", where members write. */
export function VisitorJoinPanel({ campusId }: { campusId: string }) {
  const openAuthGate = useAuthGate();
  const campus = CAMPUSES.find((candidate) => candidate.id === campusId);
  return (
    <div className="visitor-join">
      <p className="visitor-join__text">
        Join {campus ? `${campus.shortName} Buy / Sell` : 'the group'} to comment, save posts and message sellers.
      </p>
      <div className="visitor-join__buttons">
        <Link to="/login" className="button button--outline">
          Log In
        </Link>
        <button type="button" className="button button--primary" onClick={() => openAuthGate('join')}>
          Join Group
        </button>
      </div>
    </div>
  );
}
