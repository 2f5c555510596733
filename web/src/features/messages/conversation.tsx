import { CHAT_PAGE_SIZE, type ChatSummaryDto } from '@campus/shared/chat-api';
import { type ChatAttachment, readsOf, sortedMessages } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConversationHeader } from './conversation-header.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { useChatDoc } from './use-chat-doc.ts';

export interface OutgoingMessage {
  text: string;
  postId: string | null;
  attachment: ChatAttachment | null;
}

/**
 * An open conversation, rendered from its Y.Doc: the newest 15 messages, 15
 * more per 'Load earlier' (spec 2 §4), live as the other member writes.
 * `?share={postId}` (sharing a post into a chat) puts the post in the composer.
 */
export function Conversation({
  chat,
  viewerId,
  onRefused,
}: {
  chat: ChatSummaryDto;
  viewerId: string;
  onRefused: () => void;
}) {
  const { sync, snapshot } = useChatDoc(chat.id, viewerId);
  const [shownCount, setShownCount] = useState(CHAT_PAGE_SIZE);
  const [searchParams, setSearchParams] = useSearchParams();
  const [sharePostId, setSharePostId] = useState<string | null>(() => searchParams.get('share'));
  const version = snapshot?.version ?? 0;
  const isRefused = snapshot?.isRefused ?? false;

  // The share hand-off is read once; a reload must not attach the post again.
  useEffect(() => {
    if (searchParams.has('share')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  // The server shut the door (chat deleted, or no longer the viewer's): ask REST what happened.
  useEffect(() => {
    if (isRefused) onRefused();
  }, [isRefused, onRefused]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes whenever the doc does.
  const messages = useMemo(() => (sync ? sortedMessages(sync.doc) : []), [sync, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const otherReadId = useMemo(() => (sync ? readsOf(sync.doc).get(chat.otherUser.id) : undefined), [sync, version]);

  const send = useCallback(
    (outgoing: OutgoingMessage) => {
      if (!sync) return;
      sync.send({ id: uuidv7(), authorId: viewerId, createdAt: new Date().toISOString(), ...outgoing });
      setSharePostId(null);
    },
    [sync, viewerId],
  );

  return (
    <section className="card messages-pane conversation" aria-label={`Conversation with ${chat.otherUser.firstName}`}>
      <ConversationHeader chat={chat} viewerId={viewerId} onCleared={() => sync?.clearLocal()} />
      <MessageList
        doc={sync?.doc ?? null}
        version={version}
        messages={messages}
        shownCount={shownCount}
        onShowEarlier={() => setShownCount((count) => count + CHAT_PAGE_SIZE)}
        viewerId={viewerId}
        otherUser={chat.otherUser}
        otherReadId={otherReadId}
        pendingIds={snapshot?.pendingIds ?? new Set()}
        isLoaded={snapshot?.isLoaded ?? false}
      />
      <MessageComposer
        connection={snapshot?.connection ?? 'connecting'}
        sharePostId={sharePostId}
        onRemoveShare={() => setSharePostId(null)}
        onSend={send}
        isReady={sync !== null && (snapshot?.isLoaded ?? false)}
      />
    </section>
  );
}
