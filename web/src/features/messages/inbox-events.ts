/**
 * "The inbox may have changed": the open conversation got another member's
 * change or the viewer sent one. The inbox listens and reads the server's
 * rows again (debounced), since the server writes last_message and the read
 * list when it applies the update.
 */
const EVENT = 'campus:inbox-changed';

export function notifyInboxChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onInboxChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
