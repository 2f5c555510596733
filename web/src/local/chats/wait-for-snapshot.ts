import type { ChatSync, ChatSyncSnapshot } from './chat-sync.ts';

/** Resolves true once the engine's snapshot passes `isReady`, false after `timeoutMs`. */
export function waitForSnapshot(
  sync: ChatSync,
  isReady: (snapshot: ChatSyncSnapshot) => boolean,
  timeoutMs: number,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    if (isReady(sync.getSnapshot())) return resolve(true);
    const timer = window.setTimeout(() => finish(false), timeoutMs);
    const unsubscribe = sync.subscribe(() => {
      if (isReady(sync.getSnapshot())) finish(true);
    });
    function finish(isDone: boolean) {
      window.clearTimeout(timer);
      unsubscribe();
      resolve(isDone);
    }
  });
}
