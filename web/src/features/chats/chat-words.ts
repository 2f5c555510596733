/**
 * Words the chat screens say that the server never sends (so they are not in
 * shared/src/chat-api.ts); the spec's own chat messages are there.
 */
export const CHAT_SCREEN_WORDS = {
  pending: 'Waiting for connection…',
  oneAttachment: 'One photo or video per message.',
  deleteTitle: 'Delete conversation?',
  deleteText: 'The conversation will be removed for both of you.',
} as const;
