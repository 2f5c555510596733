import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCampus } from '../campus/campus-context.tsx';
import { useSession } from '../session/session-context.tsx';

/**
 * spec 1 §4 and spec 2 §2 (feed, search): a signed-in user who is not
 * verified goes to /verify; one without school verification goes to the
 * school e-mail settings, except on the generic site. Visitors pass.
 */
export function RequireCampusMember({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const campus = useCampus();
  const isRedirected = user !== null && (!user.isVerified || (!user.isSchoolVerified && !campus.isGeneric));
  // A stored user who would be sent away may be stale (verified since): wait for the server before
  // redirecting. A stored member renders at once, so an offline start shows the cached feed (issue 5).
  if (isRedirected && status === 'loading') return null;
  if (user && !user.isVerified) return <Navigate to="/verify" replace />;
  if (user && !user.isSchoolVerified && !campus.isGeneric)
    return <Navigate to="/settings/account/school_email" replace />;
  return children;
}
