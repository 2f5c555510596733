import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { ConfirmDeleteModal } from '../../lib/confirm-delete-modal.tsx';
import { notifyInboxChanged } from '../../local/inbox-events.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { CHAT_SCREEN_WORDS } from './chat-words.ts';
import { forgetStoredChat } from './inbox-store.ts';
import { forgetPendingIds } from './pending-messages.ts';

/**
 * spec 2 §4/§6: either member deletes the conversation for both. It needs the
 * server (the other member's copy goes too), so it is not queued offline.
 */
export function DeleteChatModal({
  chatId,
  viewerId,
  onCleared,
  onClose,
}: {
  chatId: string;
  viewerId: string;
  onCleared: () => Promise<void> | undefined;
  onClose: () => void;
}) {
  const [isPending, setIsPending] = useState(false);
  const { showAlert } = useAlerts();
  const { db } = useLocalSync();
  const navigate = useNavigate();

  async function remove() {
    setIsPending(true);
    try {
      const { msg } = await apiRequest<{ msg: string }>(`/api/chats/${encodeURIComponent(chatId)}`, {
        method: 'DELETE',
      });
      forgetPendingIds(viewerId, chatId);
      await Promise.all([forgetStoredChat(db, chatId), onCleared()]);
      onClose();
      showAlert(msg || CHAT_MESSAGES.deleted, 'okay');
      notifyInboxChanged();
      navigate('/messages', { replace: true });
    } catch (error) {
      setIsPending(false);
      showAlert(
        error instanceof ApiRequestError && error.status !== 0 ? error.message : CHAT_MESSAGES.deleteFailed,
        'danger',
      );
    }
  }

  return (
    <ConfirmDeleteModal
      title={CHAT_SCREEN_WORDS.deleteTitle}
      text={CHAT_SCREEN_WORDS.deleteText}
      isPending={isPending}
      onDelete={remove}
      onClose={onClose}
    />
  );
}
