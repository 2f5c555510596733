import { CHAT_MESSAGES, type StartChatResponse } from '@campus/shared/chat-api';
import type { StartChatRequest } from '@campus/shared/chat-requests';
import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useAuthGate } from '../auth/index.ts';

export interface StartChatOptions {
  /** A post to attach to the first message (spec 2 §4 'Sharing a post into a chat'). */
  sharePostId?: string;
  /** Replace the current history entry (the /messages/new?to= hand-off). */
  replace?: boolean;
}

/**
 * Every 'Message' button (profile, savers, About's new members, the post
 * menu, the new-message search): reuse the chat with that person or start
 * one (spec 2 §4), say 'New Conversation Started' when it is new, and open
 * it. Visitors get the auth gate, students without a school e-mail the
 * verify-school modal (spec 1 §6). Returns whether the chat opened.
 */
export function useStartChat(): (userId: string, options?: StartChatOptions) => Promise<boolean> {
  const viewer = useViewer();
  const isMember = useIsCampusMember();
  const openGate = useAuthGate();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();

  return useCallback(
    async (userId: string, options: StartChatOptions = {}) => {
      if (!viewer || !isMember) {
        openGate('message');
        return false;
      }
      if (userId === viewer.id) {
        showAlert(CHAT_MESSAGES.notYourself, 'danger');
        return false;
      }
      try {
        const request: StartChatRequest = { userId };
        const { chat, isNew } = await apiRequest<StartChatResponse>('/api/chats', { method: 'POST', json: request });
        if (isNew) showAlert(CHAT_MESSAGES.started, 'success');
        const query = options.sharePostId ? `?${new URLSearchParams({ share: options.sharePostId })}` : '';
        navigate(`/messages/${chat.id}${query}`, { replace: options.replace ?? false });
        return true;
      } catch (error) {
        showAlert(error instanceof ApiRequestError ? error.message : CHAT_MESSAGES.somethingWentWrong, 'danger');
        return false;
      }
    },
    [navigate, openGate, showAlert, viewer, isMember],
  );
}

/**
 * A 'Message' link's props: the href is the new-message hand-off
 * (`/messages/new?to={username}`, so a new tab or a copied link works too);
 * a plain click starts or reuses the chat straight away.
 */
export function useMessageLink(user: { id: string; username: string }, options: StartChatOptions = {}) {
  const startChat = useStartChat();
  const to = `/messages/new?${new URLSearchParams({ to: user.username, ...(options.sharePostId ? { share: options.sharePostId } : {}) })}`;
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void startChat(user.id, options);
  }
  return { to, onClick };
}
