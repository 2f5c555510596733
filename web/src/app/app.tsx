import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { LocalSyncProvider } from '../local/local-sync-context.tsx';
import { CampusProvider } from './campus/campus-context.tsx';
import { CampusFollowsJoin } from './campus/campus-follows-join.tsx';
import { SessionProvider } from './session/session-context.tsx';

/** Not needed for the first paint: loaded after it (npm run size). */
const SyncStatusBar = lazy(() =>
  import('../local/sync-status-bar.tsx').then((module) => ({ default: module.SyncStatusBar })),
);

import { createAppRouter } from './router.tsx';

const router = createAppRouter();

/** The campus decides branding before anything renders; the router's root route adds the other providers. */
export function App() {
  return (
    <CampusProvider fallback={<div className="boot-splash" aria-busy="true" />}>
      <SessionProvider>
        <CampusFollowsJoin />
        <LocalSyncProvider>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <SyncStatusBar />
          </Suspense>
        </LocalSyncProvider>
      </SessionProvider>
    </CampusProvider>
  );
}
