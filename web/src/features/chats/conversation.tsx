import { CHAT_PAGE_SIZE, type ChatSummaryDto } from '@campus/shared/chat-api';
import { type ChatMessage, readsOf, sortedMessages } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import type { ChatPhotoFile } from '../../local/chats/chat-photos.ts';
import { chatPhotoMutation } from '../../local/local-db.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { ConversationHeader } from './conversation-header.tsx';
import { MessageComposer, type OutgoingMessage } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { useChatDoc } from './use-chat-doc.ts';
import { useChatRecent } from './use-chat-recent.ts';
import { useQueuedChatPhotos } from './use-queued-chat-photos.ts';

// The push card after the viewer's first message in a chat (decision 034), loaded only then.
const PushPromptCard = lazy(() =>
  import('../notifications/index.ts').then((module) => ({ default: module.PushPromptCard })),
);

function fileOf(file: File): ChatPhotoFile {
  return { name: file.name, type: file.type, blob: file };
}

/** `messages` with those of `others` not in it yet, in id (time) order. */
function withOthers(messages: ChatMessage[], others: ChatMessage[]): ChatMessage[] {
  const ids = new Set(messages.map((message) => message.id));
  const waiting = others.filter((message) => !ids.has(message.id));
  if (waiting.length === 0) return messages;
  return [...messages, ...waiting].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
  const { showAlert } = useAlerts();
  const { outbox, drainNow } = useLocalSync();
  const [shownCount, setShownCount] = useState(CHAT_PAGE_SIZE);
  const [searchParams, setSearchParams] = useSearchParams();
  const [sharePostId, setSharePostId] = useState<string | null>(() => searchParams.get('share'));
  const [hasSentFirst, setHasSentFirst] = useState(false);
  const version = snapshot?.version ?? 0;
  const isRefused = snapshot?.isRefused ?? false;
  const isLoaded = snapshot?.isLoaded ?? false;
  const hasSynced = snapshot?.hasSynced ?? false;

  // The share hand-off is read once; a reload must not attach the post again.
  useEffect(() => {
    if (searchParams.has('share')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  // The server shut the door (chat deleted, or no longer the viewer's): ask REST what happened.
  useEffect(() => {
    if (isRefused) onRefused();
  }, [isRefused, onRefused]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes whenever the doc does.
  const docMessages = useMemo(() => (sync ? sortedMessages(sync.doc) : []), [sync, version]);
  // A device holding nothing of the chat shows its last screen from REST until the doc has synced (decision 019).
  const recent = useChatRecent(chat.id, isLoaded && !hasSynced && docMessages.length === 0);
  const preview = hasSynced ? null : recent.preview;
  const queued = useQueuedChatPhotos(chat.id, viewerId);
  const messages = useMemo(
    () =>
      withOthers(
        withOthers(docMessages, preview?.recent.messages ?? []),
        queued.map((entry) => entry.message),
      ),
    [docMessages, preview, queued],
  );
  const pendingIds = useMemo(
    () => new Set([...(snapshot?.pendingIds ?? []), ...queued.map((entry) => entry.id)]),
    [snapshot?.pendingIds, queued],
  );
  const localFiles = useMemo(() => new Map(queued.map((entry) => [entry.id, entry.file])), [queued]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const otherReadId = useMemo(
    () => (sync ? readsOf(sync.doc).get(chat.otherUser.id) : undefined) ?? preview?.recent.reads[chat.otherUser.id],
    [sync, version, preview],
  );

  const send = useCallback(
    ({ file, ...outgoing }: OutgoingMessage) => {
      if (!sync) return;
      if (!messages.some((shown) => shown.authorId === viewerId)) setHasSentFirst(true);
      const message = { id: uuidv7(), authorId: viewerId, createdAt: new Date().toISOString(), ...outgoing };
      if (file) {
        const row = { id: message.id, chatId: chat.id, viewerId, message, file: fileOf(file) };
        outbox.enqueue(chatPhotoMutation(row)).then(
          () => void drainNow(),
          (error: unknown) => {
            console.error('queueing a chat photo failed', error);
            showAlert(POST_MESSAGES.submitFailed, 'danger');
          },
        );
      } else sync.send(message);
      setSharePostId(null);
    },
    [sync, viewerId, chat.id, showAlert, outbox, drainNow, messages],
  );

  return (
    <section className="card messages-pane conversation" aria-label={`Conversation with ${chat.otherUser.firstName}`}>
      <ConversationHeader chat={chat} viewerId={viewerId} onCleared={() => sync?.clearLocal()} />
      <MessageList
        doc={preview?.doc ?? sync?.doc ?? null}
        isPreview={preview !== null}
        version={version}
        messages={messages}
        shownCount={shownCount}
        onShowEarlier={() => setShownCount((count) => count + CHAT_PAGE_SIZE)}
        viewerId={viewerId}
        otherUser={chat.otherUser}
        otherReadId={otherReadId}
        pendingIds={pendingIds}
        localFiles={localFiles}
        isLoaded={isLoaded && recent.isSettled}
      />
      {hasSentFirst && (
        <Suspense fallback={null}>
          <PushPromptCard />
        </Suspense>
      )}
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
