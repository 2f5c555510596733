import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { type ChatMessage, likeKey, likersOf, likesOf, setLiked } from '@campus/shared/chat-doc';
import type { AuthorDto } from '@campus/shared/post-api';
import { type Ref, useEffect, useMemo, useRef } from 'react';
import type * as Y from 'yjs';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import type { ChatPhotoFile } from '../../local/chats/chat-photos.ts';
import { CHAT_SCREEN_WORDS } from './chat-words.ts';
import { formatMessageTime } from './format-message-time.ts';
import { HeartIcon } from './heart-icon.tsx';
import { LocalAttachment, MessageAttachment } from './message-attachment.tsx';
import { SharedPostCard } from './shared-post-card.tsx';

export interface MessageBubbleProps {
  ref?: Ref<HTMLLIElement>;
  doc: Y.Doc | null;
  /** The doc's version, so likes are read again when they change. */
  version: number;
  message: ChatMessage;
  viewerId: string;
  /** The other member for their messages; null for the viewer's own. */
  author: AuthorDto | null;
  /** The last of a run by one author: it carries the avatar and the time. */
  isRunEnd: boolean;
  isPending: boolean;
  /** The file of a message still waiting in the outbox: shown from the device until it is sent. */
  localFile?: ChatPhotoFile | null;
  /** 'Delivered' / 'Seen' under the viewer's last message. */
  status: string | null;
  /** Shown from GET /recent before the doc synced: likes show, but cannot be changed yet. */
  isReadOnly?: boolean;
}

/**
 * One message: own on the right, the other member's on the left. The other
 * member's messages can be liked (double-click, or the heart beside the
 * bubble), which the server turns into the chat's last-message text (spec 2
 * §4). Once liked, the heart on the bubble is the one control (it takes the
 * like back), so a phone, where the side heart always shows, shows one heart.
 */
export function MessageBubble({
  ref,
  doc,
  version,
  message,
  viewerId,
  author,
  isRunEnd,
  isPending,
  localFile = null,
  status,
  isReadOnly = false,
}: MessageBubbleProps) {
  const isOwn = author === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes whenever the doc does.
  const likeCount = useMemo(() => (doc ? likersOf(doc, message.id).length : 0), [doc, message.id, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const isLiked = useMemo(
    () => (doc ? likesOf(doc).has(likeKey(message.id, viewerId)) : false),
    [doc, message.id, viewerId, version],
  );

  const { showAlert } = useAlerts();
  // A like is a reaction (spec 2 §8 'Reaction sent.'): said at once, as the doc sends it when it can.
  function toggleLike() {
    if (!doc || isOwn || isReadOnly) return;
    setLiked(doc, message.id, viewerId, !isLiked);
    if (!isLiked) showAlert(CHAT_MESSAGES.reactionSent, 'okay');
  }

  // The control pressed goes away with the like it changed: focus follows to the one that replaces it.
  const likeButtonRef = useRef<HTMLButtonElement>(null);
  const unlikeButtonRef = useRef<HTMLButtonElement>(null);
  const isFocusMoving = useRef(false);
  function toggleLikeFromButton() {
    isFocusMoving.current = true;
    toggleLike();
  }
  useEffect(() => {
    if (!isFocusMoving.current) return;
    isFocusMoving.current = false;
    (isLiked ? unlikeButtonRef : likeButtonRef).current?.focus({ preventScroll: true });
  }, [isLiked]);

  return (
    <li
      ref={ref}
      className={`message${isOwn ? ' message--own' : ' message--theirs'}${isRunEnd ? ' message--run-end' : ''}`}
    >
      {!isOwn && (
        <span className="avatar message__avatar" aria-hidden="true">
          {isRunEnd && <AvatarImage src={author.img} size={32} iconSize={18} />}
        </span>
      )}
      <div className="message__stack">
        <div className="message__row">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: double-click is a shortcut; the heart button is the accessible way. */}
          <div className="message__bubble" onDoubleClick={toggleLike}>
            {message.postId && <SharedPostCard postId={message.postId} />}
            {localFile ? (
              <LocalAttachment file={localFile} />
            ) : (
              message.attachment && <MessageAttachment attachment={message.attachment} />
            )}
            {message.text && <p className="message__text">{message.text}</p>}
            {likeCount > 0 &&
              (isLiked && !isOwn && !isReadOnly ? (
                // The viewer's own like: the heart on the bubble takes it back.
                <button
                  ref={unlikeButtonRef}
                  type="button"
                  className="message__likes message__likes--mine"
                  aria-label="Unlike message"
                  onClick={toggleLikeFromButton}
                >
                  <HeartIcon isFilled size={12} />
                  {likeCount > 1 && likeCount}
                </button>
              ) : (
                <span
                  className="message__likes"
                  role="img"
                  aria-label={likeCount === 1 ? '1 like' : `${likeCount} likes`}
                >
                  <HeartIcon isFilled size={12} />
                  {likeCount > 1 && likeCount}
                </span>
              ))}
          </div>
          {!isOwn && !isLiked && !isReadOnly && (
            <button
              ref={likeButtonRef}
              type="button"
              className="icon-button message__like"
              aria-label="Like message"
              onClick={toggleLikeFromButton}
            >
              <HeartIcon isFilled={false} />
            </button>
          )}
        </div>
        {(isRunEnd || isPending || status) && (
          <p className="message__meta">
            {(isRunEnd || status) && <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>}
            {isPending ? (
              <span className="pending-mark" role="status">
                {CHAT_SCREEN_WORDS.pending}
              </span>
            ) : (
              status && <span className="message__status">{status}</span>
            )}
          </p>
        )}
      </div>
    </li>
  );
}
