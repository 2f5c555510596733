/**
 * "The inbox may have changed" (issue 6): a `chat` notice came over the sync
 * socket, or the open conversation got another member's change, or the
 * server stored one of the viewer's. /messages listens and reads the
 * server's rows again (debounced): the server writes last_message and the
 * read list when it applies an update.
 */
const EVENT = 'campus:inbox-changed';

export function notifyInboxChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onInboxChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
