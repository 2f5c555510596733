import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/session-context.tsx';
import { useCampus } from '../../features/campus/campus-context.tsx';

/**
 * spec 1 §4 and spec 2 §2 (feed, search): a signed-in user who is not
 * verified goes to /verify; one without school verification goes to the
 * school e-mail settings, except on the generic site. Visitors pass.
 */
export function RequireCampusMember({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const campus = useCampus();
  if (user && status === 'loading') return null; // a stored user may be stale: wait for the server
  if (user && !user.isVerified) return <Navigate to="/verify" replace />;
  if (user && !user.isSchoolVerified && !campus.isGeneric)
    return <Navigate to="/settings/account/school_email" replace />;
  return children;
}
