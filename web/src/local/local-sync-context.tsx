import { createContext, lazy, type ReactNode, Suspense, use, useCallback, useContext, useMemo, useState } from 'react';
import type { LocalSyncApi } from './local-sync-api.ts';

/**
 * The runtime (database, outbox, live connection) carries Dexie (~30 KB gzipped), which the first
 * paint does not need: the cached feed paints from its localStorage snapshot (feed-snapshot.ts).
 * It loads right after the entry and hands its API up (decision 050, npm run size).
 */
const LocalSyncRuntime = lazy(() =>
  import('./local-sync-runtime.tsx').then((module) => ({ default: module.LocalSyncRuntime })),
);

interface LocalSyncState {
  /** Null until the runtime has loaded. */
  api: LocalSyncApi | null;
  /** Settles with the runtime's first API. */
  ready: Promise<LocalSyncApi>;
}

const LocalSyncContext = createContext<LocalSyncState | null>(null);

function deferred() {
  let resolve: (api: LocalSyncApi) => void = () => undefined;
  const promise = new Promise<LocalSyncApi>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The local-first layer (issue 5, decision 013) for everything below it; local-sync-runtime.tsx runs it. */
export function LocalSyncProvider({ children }: { children: ReactNode }) {
  const [ready] = useState(deferred);
  const [api, setApi] = useState<LocalSyncApi | null>(null);
  const onApi = useCallback(
    (next: LocalSyncApi) => {
      setApi(next);
      ready.resolve(next);
    },
    [ready],
  );
  const state = useMemo(() => ({ api, ready: ready.promise }), [api, ready]);
  return (
    <LocalSyncContext.Provider value={state}>
      <Suspense fallback={null}>
        <LocalSyncRuntime onApi={onApi} />
      </Suspense>
      {children}
    </LocalSyncContext.Provider>
  );
}

function useLocalSyncState(): LocalSyncState {
  const state = useContext(LocalSyncContext);
  if (!state) throw new Error('useLocalSync needs a LocalSyncProvider');
  return state;
}

/** The local-first layer; a screen that first renders before the runtime has loaded suspends until it has. */
export function useLocalSync(): LocalSyncApi {
  const { api, ready } = useLocalSyncState();
  return api ?? use(ready);
}

/** For what the first paint shows (the shell, the feed): the layer once loaded, null before. */
export function useLocalSyncIfReady(): LocalSyncApi | null {
  return useLocalSyncState().api;
}

/** The layer, awaited: for actions that may run before the runtime has loaded. */
export function useLocalSyncReady(): Promise<LocalSyncApi> {
  return useLocalSyncState().ready;
}
