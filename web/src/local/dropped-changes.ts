/**
 * A change the outbox dropped because the server refused it (a chat photo of
 * a type it does not take): the outbox runs outside the router, where the
 * alerts live, so it announces the server's words here and
 * `DroppedChangeAlerts` shows them.
 */
const droppedChanges = new EventTarget();

export function announceDroppedChange(message: string): void {
  droppedChanges.dispatchEvent(new CustomEvent<string>('dropped', { detail: message }));
}

export function onDroppedChange(listener: (message: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  droppedChanges.addEventListener('dropped', handle);
  return () => droppedChanges.removeEventListener('dropped', handle);
}
