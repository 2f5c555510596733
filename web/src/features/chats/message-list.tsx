import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import type { ChatMessage } from '@campus/shared/chat-doc';
import type { AuthorDto } from '@campus/shared/post-api';
import { useLayoutEffect, useRef } from 'react';
import type * as Y from 'yjs';
import type { ChatPhotoFile } from '../../local/chats/chat-photos.ts';
import { MessageBubble } from './message-bubble.tsx';
import { useMarkRead } from './use-mark-read.ts';

/** Messages closer together than this, by one author, share one time line and one avatar. */
const RUN_GAP_MS = 5 * 60_000;
/** Within this distance of the bottom the list follows new messages. */
const STICK_PX = 160;

export interface MessageListProps {
  doc: Y.Doc | null;
  version: number;
  messages: ChatMessage[];
  shownCount: number;
  onShowEarlier: () => void;
  viewerId: string;
  otherUser: AuthorDto;
  otherReadId: string | undefined;
  pendingIds: ReadonlySet<string>;
  /** Files of messages still waiting in the outbox, by message id. */
  localFiles: ReadonlyMap<string, ChatPhotoFile>;
  isLoaded: boolean;
  /** `doc` is the last screen from GET /recent, not the synced doc: nothing can be changed or marked read yet. */
  isPreview?: boolean;
}

function isRunEnd(message: ChatMessage, next: ChatMessage | undefined): boolean {
  return (
    !next ||
    next.authorId !== message.authorId ||
    Date.parse(next.createdAt) - Date.parse(message.createdAt) > RUN_GAP_MS
  );
}

/** The scrolling list: 'Load earlier' on top, newest at the bottom, kept in view as messages arrive. */
export function MessageList(props: MessageListProps) {
  const { doc, version, messages, shownCount, viewerId, otherUser, otherReadId, pendingIds, localFiles } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const newest = useRef<HTMLLIElement>(null);
  const lastSeen = useRef<{ count: number; newestId: string | undefined; height: number }>({
    count: 0,
    newestId: undefined,
    height: 0,
  });
  const shown = messages.slice(-shownCount);
  const newestMessage = messages.at(-1);
  const lastOwnId = messages.findLast((message) => message.authorId === viewerId)?.id;
  useMarkRead(props.isPreview ? null : doc, viewerId, newestMessage?.id, newest);

  // Follow the conversation: jump to the end on open, on one's own message, or when already near the end;
  // keep the reading position when earlier messages are revealed above.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = lastSeen.current;
    const isNewAtEnd = newestMessage?.id !== before.newestId;
    const wasNearEnd = before.height - element.clientHeight - element.scrollTop < STICK_PX;
    if (before.count === 0 || (isNewAtEnd && (newestMessage?.authorId === viewerId || wasNearEnd))) {
      element.scrollTop = element.scrollHeight;
    } else if (!isNewAtEnd && shown.length > before.count) {
      element.scrollTop += element.scrollHeight - before.height;
    }
    lastSeen.current = { count: shown.length, newestId: newestMessage?.id, height: element.scrollHeight };
  }, [shown.length, newestMessage, viewerId]);

  return (
    <div className="message-list" ref={scroller}>
      {messages.length > shown.length && (
        <button
          type="button"
          className="button button--outline button--small message-list__earlier"
          onClick={props.onShowEarlier}
        >
          Load earlier
        </button>
      )}
      {props.isLoaded && messages.length === 0 && (
        <p className="message-list__empty">
          Say hi to {otherUser.firstName}. Messages are only between the two of you.
        </p>
      )}
      <ol className="message-list__items" aria-label="Messages">
        {shown.map((message, index) => {
          const isOwn = message.authorId === viewerId;
          const isPending = pendingIds.has(message.id);
          const status =
            isOwn && message.id === lastOwnId && !isPending
              ? otherReadId !== undefined && otherReadId >= message.id
                ? CHAT_MESSAGES.seen
                : CHAT_MESSAGES.delivered
              : null;
          return (
            <MessageBubble
              key={message.id}
              ref={message.id === newestMessage?.id ? newest : undefined}
              doc={doc}
              version={version}
              message={message}
              viewerId={viewerId}
              author={isOwn ? null : otherUser}
              isRunEnd={isRunEnd(message, shown[index + 1])}
              isPending={isPending}
              localFile={localFiles.get(message.id) ?? null}
              status={status}
              isReadOnly={props.isPreview}
            />
          );
        })}
      </ol>
    </div>
  );
}
