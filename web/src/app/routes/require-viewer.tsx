import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/session-context.tsx';

/**
 * spec 1 §2: "A guard redirects unauthenticated users from private routes to
 * /"; spec 1 §4: an unverified user is forced to /verify.
 */
export function RequireViewer({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading') return null;
  if (!user) return <Navigate to="/" replace />;
  if (!user.isVerified && pathname !== '/verify' && pathname !== '/logout') return <Navigate to="/verify" replace />;
  return children;
}
