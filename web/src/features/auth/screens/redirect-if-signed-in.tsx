import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';

/** spec 1 §2: a logged-in user on a sign-in screen goes to /home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user ? <Navigate to="/home" replace /> : children;
}
