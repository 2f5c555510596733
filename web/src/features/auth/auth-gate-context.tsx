import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { AuthGateModal } from './auth-gate-modal.tsx';
import type { AuthGateType, VerifySchoolType } from './auth-gate-titles.ts';
import { VerifySchoolModal } from './verify-school-modal.tsx';

type Gate = { kind: 'auth'; type: AuthGateType } | { kind: 'verify-school'; type: VerifySchoolType };

const AuthGateContext = createContext<((type: AuthGateType) => void) | null>(null);

function isVerifySchoolType(type: AuthGateType): type is VerifySchoolType {
  return type === 'post' || type === 'message' || type === 'comment' || type === 'like';
}

/**
 * Lets any screen ask for membership before a member action (spec 1 §4, §6):
 * a signed-out visitor gets the auth modal titled by the action; a signed-in
 * student who is not a member here (no school verification, or a guest from
 * another campus: useIsCampusMember) gets the verify-school modal.
 */
export function AuthGateProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [gate, setGate] = useState<Gate | null>(null);
  const open = useCallback(
    (type: AuthGateType) => {
      if (user && isVerifySchoolType(type)) setGate({ kind: 'verify-school', type });
      else setGate({ kind: 'auth', type });
    },
    [user],
  );
  const close = useCallback(() => setGate(null), []);
  return (
    <AuthGateContext.Provider value={open}>
      {children}
      {gate?.kind === 'auth' && <AuthGateModal type={gate.type} onClose={close} />}
      {gate?.kind === 'verify-school' && <VerifySchoolModal type={gate.type} onClose={close} />}
    </AuthGateContext.Provider>
  );
}

export function useAuthGate(): (type: AuthGateType) => void {
  const open = useContext(AuthGateContext);
  if (!open) throw new Error('useAuthGate must be used inside <AuthGateProvider>');
  return open;
}
