/**
 * Asks the chat photo drainer (use-chat-photo-drainer.ts, loaded after the
 * first paint) to send what was just queued. A module of its own, so the
 * conversation screen does not import the drainer and its chat engine.
 */
export const chatPhotoDrainRequests = new EventTarget();

/** Something was queued: send it now if the device is online. */
export function requestChatPhotoDrain(): void {
  chatPhotoDrainRequests.dispatchEvent(new Event('drain'));
}
