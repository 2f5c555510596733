import { useEffect, useRef } from 'react';
import { useSession } from '../session/session-context.tsx';
import { useRefreshCampus } from './campus-context.tsx';

/**
 * The campus's member count (spec 1 §1 'About This Group'; §10 "member
 * count, live") grows when the viewer joins: ask for the campus again when
 * the viewer's school verification changes, not at the next reload (issue 19).
 */
export function CampusFollowsJoin() {
  const isMember = useSession().user?.isSchoolVerified === true;
  const refreshCampus = useRefreshCampus();
  const wasMember = useRef(isMember);
  useEffect(() => {
    if (wasMember.current === isMember) return;
    wasMember.current = isMember;
    refreshCampus();
  }, [isMember, refreshCampus]);
  return null;
}
