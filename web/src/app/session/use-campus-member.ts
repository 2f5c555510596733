import { useCampus } from '../campus/campus-context.tsx';
import { useSession } from './session-context.tsx';

/**
 * Whether the signed-in user may write on this site: verified, school-verified
 * and a student of this campus, the rule the server applies (requireMember in
 * sync-server/src/campus/member-gate.ts). A verified student of another school
 * is a guest here (issue 19): screens gate a write before it starts instead of
 * showing a success the server will refuse (docs/decisions/023).
 */
export function useIsCampusMember(): boolean {
  const { user } = useSession();
  const campus = useCampus();
  return user?.isVerified === true && user.isSchoolVerified && user.campusId === campus.id;
}
