import type { CampusDto } from '@campus/shared/campus-api';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useReleaseFirstScreen } from '../../lib/first-screen.ts';
import { fetchCampus } from './api.ts';
import { readStoredCampus, storeCampus } from './stored-campus.ts';

const CampusContext = createContext<CampusDto | null>(null);
const RefreshCampusContext = createContext<() => void>(() => undefined);

/** Name, logo and colours per site (spec 1 §1): the page's title, theme colour and icon follow the campus. */
function applyBranding(campus: CampusDto): void {
  document.documentElement.style.setProperty('--brand', campus.color);
  document.title = `${campus.shortName} Buy / Sell`;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', campus.color);
  document.querySelector('link[rel="icon"]')?.setAttribute('href', campus.logoUrl);
  document.querySelector('link[rel="apple-touch-icon"]')?.setAttribute('href', `/brand/${campus.id}/icon-192.png`);
}

/**
 * Renders from the last known campus at once (it is the same origin, so the
 * same campus) and refreshes it from GET /api/campus, which the service
 * worker also keeps for offline starts.
 */
export function CampusProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [campus, setCampus] = useState<CampusDto | null>(readStoredCampus);
  const [failed, setFailed] = useState(false);
  // Bumped to ask the server again (the member count after a join).
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    let isCurrent = true;
    // A refresh skips the browser's 60 s copy (campus.routes.ts), which still has the old count.
    fetchCampus(version > 0).then(
      (fresh) => {
        if (!isCurrent) return;
        storeCampus(fresh);
        setCampus(fresh);
      },
      () => isCurrent && setFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [version]);

  // Without a campus the app shows only its error: the server's first screen must not hide it.
  useReleaseFirstScreen(failed);

  useEffect(() => {
    if (campus) applyBranding(campus);
  }, [campus]);

  if (!campus) {
    return failed ? (
      <main className="boot-error">
        <h1>Can't reach Campus Buy / Sell</h1>
        <p>Check your connection and try again.</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </main>
    ) : (
      fallback
    );
  }
  return (
    <RefreshCampusContext.Provider value={refresh}>
      <CampusContext.Provider value={campus}>{children}</CampusContext.Provider>
    </RefreshCampusContext.Provider>
  );
}

export function useCampus(): CampusDto {
  const campus = useContext(CampusContext);
  if (!campus) throw new Error('useCampus must be used inside <CampusProvider>');
  return campus;
}

/** Asks GET /api/campus again, e.g. when the viewer joins and the member count (spec 1 §1) grows. */
export function useRefreshCampus(): () => void {
  return useContext(RefreshCampusContext);
}
