import type { ChatAttachment, ChatMessage } from '@campus/shared/chat-doc';
import { countPostCharacters, POST_LIMITS } from '@campus/shared/post-rules';

/** Lower-case UUIDs, as shared/src/ids.ts makes them. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUIDv7 (version 7, RFC 4122 variant): its first 48 bits are the time it was minted, in ms. */
const UUIDV7_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * How far ahead of the server's clock a message may be dated (issue 18 item 9a, decision 019): a
 * device's clock may run a little fast; a message from the future would stay the chat's newest.
 */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;
/**
 * How far before its chat was started a message may be dated (issue 35 item 8, decision 019): a
 * device's clock may run slow; a message dated years back would sort before the whole chat.
 */
const MAX_CLOCK_BEHIND_MS = 60 * 60_000;

/** The time a UUIDv7 was minted (ms), or null for an id that is not one. */
export function uuidv7Time(id: string): number | null {
  if (!UUIDV7_PATTERN.test(id)) return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/** When a message is from: its id's time and its createdAt must both lie in [`since`, now], with the slack above. */
export interface MessageTimes {
  now: number;
  /** When the chat was started (its id is a UUIDv7 the server minted), or null when unknown. */
  chatStartedAt: number | null;
}

const MESSAGE_KEYS = ['attachment', 'authorId', 'createdAt', 'id', 'postId', 'text'];
const ATTACHMENT_KEYS = ['height', 'kind', 'placeholder', 'thumbUrl', 'uploadId', 'url', 'width'];
const MAX_URL = 500;
const MAX_PLACEHOLDER = 4000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own keys are `keys`, no more, no fewer (checked per message: no sorted copy). */
function hasExactly(value: Record<string, unknown>, keys: string[]): boolean {
  let count = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!keys.includes(key)) return false;
    count += 1;
  }
  return count === keys.length;
}

function isSize(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100_000;
}

function attachmentProblem(value: unknown): string | null {
  if (value === null) return null;
  if (!isRecord(value) || !hasExactly(value, ATTACHMENT_KEYS)) return 'attachment is not an attachment';
  const attachment = value as unknown as ChatAttachment;
  if (typeof attachment.uploadId !== 'string' || !UUID_PATTERN.test(attachment.uploadId)) {
    return 'attachment uploadId is not an id';
  }
  if (attachment.kind !== 'image' && attachment.kind !== 'video') return 'attachment kind is unknown';
  for (const url of [attachment.url, attachment.thumbUrl]) {
    if (typeof url !== 'string' || url.length > MAX_URL) return 'attachment url is not a url';
  }
  if (!isSize(attachment.width) || !isSize(attachment.height)) return 'attachment size is not a size';
  const { placeholder } = attachment;
  if (placeholder !== null && (typeof placeholder !== 'string' || placeholder.length > MAX_PLACEHOLDER)) {
    return 'attachment placeholder is not a placeholder';
  }
  return null;
}

/**
 * Why `value`, stored under `key` in the messages map by `senderId`, is not a
 * message the sender may add, or null when it is one (spec 2 §5 "Chat
 * message: one attachment only, text or a file required, same 500 limit";
 * DESIGN.md "a client can only append messages authored by itself"). The
 * post and upload it names are checked against SQL afterwards
 * (chat-references.ts).
 */
export function chatMessageProblem(
  value: unknown,
  key: string,
  senderId: string,
  { now, chatStartedAt }: MessageTimes = { now: Date.now(), chatStartedAt: null },
): string | null {
  const earliest = chatStartedAt === null ? Number.NEGATIVE_INFINITY : chatStartedAt - MAX_CLOCK_BEHIND_MS;
  if (!isRecord(value) || !hasExactly(value, MESSAGE_KEYS)) return 'not a message';
  const message = value as unknown as ChatMessage;
  if (message.id !== key || !UUID_PATTERN.test(key)) return 'message id does not match its key';
  const minted = uuidv7Time(key);
  if (minted === null) return 'message id is not a UUIDv7';
  if (minted > now + MAX_CLOCK_AHEAD_MS) return 'message id is dated in the future';
  if (minted < earliest) return 'message id is dated before the chat';
  if (message.authorId !== senderId) return 'message authored by someone else';
  if (typeof message.text !== 'string') return 'message text is not text';
  if (countPostCharacters(message.text) > POST_LIMITS.textMax) return 'message text is too long';
  if (
    typeof message.createdAt !== 'string' ||
    message.createdAt.length > 40 ||
    Number.isNaN(Date.parse(message.createdAt))
  ) {
    return 'message createdAt is not a time';
  }
  if (Date.parse(message.createdAt) > now + MAX_CLOCK_AHEAD_MS) return 'message createdAt is in the future';
  if (Date.parse(message.createdAt) < earliest) return 'message createdAt is before the chat';
  if (message.postId !== null && (typeof message.postId !== 'string' || !UUID_PATTERN.test(message.postId))) {
    return 'message postId is not an id';
  }
  const problem = attachmentProblem(message.attachment);
  if (problem) return problem;
  if (message.text.trim() === '' && message.postId === null && message.attachment === null) return 'message is empty';
  return null;
}

/** Whether a message names a shared post or an attachment: then its SQL half is checked (chat-references.ts). */
export function needsReferenceCheck(message: ChatMessage): boolean {
  return message.postId !== null || message.attachment !== null;
}
