import { lazy, Suspense } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { localDb } from '../../local/local-db.ts';
import { useLiveQuery } from '../../local/use-live-query.ts';

/** Sends chat photos picked offline; it carries the chat engine (Yjs, ~28 KB gzipped), so it loads only when needed. */
const ChatPhotoDrainer = lazy(() =>
  import('./use-chat-photo-drainer.ts').then((module) => ({ default: module.ChatPhotoDrainer })),
);

/**
 * Mounts the chat photo drainer (decision 015) only while the signed-in
 * student has messages waiting in the queue: a page load with an empty queue
 * (nearly every one) does not fetch the chat engine. Queueing a message
 * wakes it through the live query; it goes again once the queue is empty.
 * The gate is in the app's entry chunk and hands the drainer `localDb`
 * (use-chat-photo-drainer.ts says why).
 */
export function ChatPhotoDrainerGate() {
  const { user } = useSession();
  const viewerId = user?.id ?? null;
  const queued = useLiveQuery(
    () => (viewerId ? localDb().chatPhotos.where('viewerId').equals(viewerId).count() : Promise.resolve(0)),
    [viewerId],
  );
  if (!queued) return null;
  return (
    <Suspense fallback={null}>
      <ChatPhotoDrainer localDb={localDb} />
    </Suspense>
  );
}
