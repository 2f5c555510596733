import { type DependencyList, useEffect, useState } from 'react';

/**
 * Dexie's `liveQuery` as a hook: undefined until the first answer, then the
 * query's result again whenever a table it read changes (in this tab or
 * another). A new `deps` starts a new query and keeps the last result until
 * it answers. Ours rather than dexie-react-hooks: the same thing in twenty
 * lines, off the feed's first load (npm run size). Dexie itself is imported
 * when a query starts, so /home's entry does not carry it (decision 050).
 */
export function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [result, setResult] = useState<T | undefined>(undefined);
  useEffect(() => {
    let isStopped = false;
    let subscription: { unsubscribe(): void } | undefined;
    void import('dexie').then(({ liveQuery }) => {
      if (isStopped) return;
      subscription = liveQuery(query).subscribe({
        next: setResult,
        error: (error: unknown) => console.error('live query failed', error),
      });
    });
    return () => {
      isStopped = true;
      subscription?.unsubscribe();
    };
    // The caller's deps decide when the query is new, as with useMemo.
    // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's
  }, deps);
  return result;
}
