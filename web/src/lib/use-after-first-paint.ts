import { useEffect, useSyncExternalStore } from 'react';

/**
 * False until the app's first frame has been painted. A lazy part the first paint does not show (the
 * local-first runtime, the search combobox) mounts only then: asking for a lazy chunk during the first
 * render ran Vite's preload helper there, whose `<link rel="modulepreload">` appends cost about 100 ms
 * of an offline cold start at a 4× CPU slowdown (decision 050).
 */
let isPainted = false;
const listeners = new Set<() => void>();
/** A hidden page paints no frames: it waits this long at most. */
const LONGEST_WAIT_MS = 200;

function markPainted(): void {
  if (isPainted) return;
  isPainted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useIsAfterFirstPaint(): boolean {
  const isAfter = useSyncExternalStore(
    subscribe,
    () => isPainted,
    () => false,
  );
  useEffect(() => {
    if (isPainted) return;
    // After the first commit: the next animation frame comes just before that commit is painted, and a
    // task queued from it runs just after.
    const frame = requestAnimationFrame(() => setTimeout(markPainted, 0));
    const timer = setTimeout(markPainted, LONGEST_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return isAfter;
}
