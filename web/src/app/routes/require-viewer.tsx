import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useViewer } from '../../features/auth/use-viewer.ts';

/** spec 1 §2: "A guard redirects unauthenticated users from private routes to /." */
export function RequireViewer({ children }: { children: ReactNode }) {
  return useViewer() ? children : <Navigate to="/" replace />;
}
