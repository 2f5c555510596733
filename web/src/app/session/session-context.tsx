import type { MeDto } from '@campus/shared/account-api';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { onSessionEnded } from '../../lib/api-client.ts';
import { fetchMe, logOut } from './api.ts';
import { tradeHandoffToken } from './site-handoff.ts';
import { readStoredUser, storeUser } from './stored-user.ts';

/** 'loading' until the server has answered once (or is unreachable): guards wait for it. */
export type SessionStatus = 'loading' | 'ready';

interface SessionApi {
  user: MeDto | null;
  status: SessionStatus;
  /** Stores the user an endpoint answered (sign-in, a settings save). */
  setUser(user: MeDto | null): void;
  refresh(): Promise<MeDto | null>;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionApi | null>(null);

/**
 * The signed-in user. Renders at once from the last known user, then asks
 * GET /api/auth/me; when the network is down the stored user stands. Any
 * API call answered 401 asks again (the session ended elsewhere, decision
 * 020), as a socket closed with 4401 does: signed out, the app goes to its
 * signed-out state.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<MeDto | null>(readStoredUser);
  // The stored user renders the shell at once, but redirects wait for the server: a stored
  // copy can be stale (verified since, or signed out on another tab).
  const [status, setStatus] = useState<SessionStatus>('loading');
  // Counts the users set here: an answer to a question asked before the last one is older than it.
  const userChanges = useRef(0);
  const latestUser = useRef(user);

  const setUser = useCallback((next: MeDto | null) => {
    userChanges.current += 1;
    latestUser.current = next;
    storeUser(next);
    setUserState(next);
    setStatus('ready');
  }, []);

  const refresh = useCallback(async () => {
    const askedAt = userChanges.current;
    try {
      const { user: fresh } = await fetchMe();
      // Signed in (or out) while the question was on its way: that answer is the newer one.
      if (userChanges.current !== askedAt) return latestUser.current;
      setUser(fresh);
      return fresh;
    } catch {
      setStatus('ready'); // offline: keep what we had
      return null;
    }
  }, [setUser]);

  const logout = useCallback(async () => {
    // While the session still exists: this device stops getting pushes (decision 034). Loaded
    // when needed, so the shell's entry carries no push code.
    const { forgetPushOnThisDevice } = await import('../../features/notifications/index.ts');
    await forgetPushOnThisDevice();
    await logOut();
    setUser(null);
  }, [setUser]);

  useEffect(() => {
    // Opened from another campus site by a signed-in student: sign in here first (decision 042).
    void tradeHandoffToken().then((handoff) => {
      if (handoff?.user) setUser(handoff.user);
      else void refresh();
    });
  }, [refresh, setUser]);

  // A 401 while someone is signed in here: ask who is, once at a time (a burst of 401s is one ending).
  const userId = user?.id ?? null;
  const isAsking = useRef(false);
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!userId || isAsking.current) return;
        isAsking.current = true;
        void refresh().finally(() => {
          isAsking.current = false;
        });
      }),
    [refresh, userId],
  );

  const api = useMemo(() => ({ user, status, setUser, refresh, logout }), [user, status, setUser, refresh, logout]);
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
