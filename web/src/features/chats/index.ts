/** The public entry of chats: every 'Message' button's link (decision 015). */
export { useMessageLink } from './use-start-chat.ts';
