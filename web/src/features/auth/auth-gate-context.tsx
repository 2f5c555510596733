import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { AuthGateModal } from './auth-gate-modal.tsx';
import type { AuthGateType } from './auth-gate-titles.ts';

const AuthGateContext = createContext<((type: AuthGateType) => void) | null>(null);

/** Lets any screen ask a signed-out visitor to sign in first (spec 1 §6). */
export function AuthGateProvider({ children }: { children: ReactNode }) {
  const [type, setType] = useState<AuthGateType | null>(null);
  const open = useCallback((next: AuthGateType) => setType(next), []);
  const close = useCallback(() => setType(null), []);
  const value = useMemo(() => open, [open]);
  return (
    <AuthGateContext.Provider value={value}>
      {children}
      {type && <AuthGateModal type={type} onClose={close} />}
    </AuthGateContext.Provider>
  );
}

export function useAuthGate(): (type: AuthGateType) => void {
  const open = useContext(AuthGateContext);
  if (!open) throw new Error('useAuthGate must be used inside <AuthGateProvider>');
  return open;
}
