import type { ChatRecentDto } from '@campus/shared/chat-api';
import { addMessage, likesOf, readsOf } from '@campus/shared/chat-doc';
import { useEffect, useMemo, useState } from 'react';
import * as Y from 'yjs';
import { apiRequest } from '../../lib/api-client.ts';

export interface ChatRecent {
  /** The last screen as the server has it, in a doc of its own (never synced, never stored); null until it came. */
  preview: { doc: Y.Doc; recent: ChatRecentDto } | null;
  /** The request was never made, or it has answered (either way). */
  isSettled: boolean;
}

/** GET /api/chats/:id/recent (decision 019). */
function fetchChatRecent(chatId: string): Promise<ChatRecentDto> {
  return apiRequest<ChatRecentDto>(`/api/chats/${encodeURIComponent(chatId)}/recent`);
}

function previewDoc(recent: ChatRecentDto): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const message of recent.messages) addMessage(doc, message);
    for (const key of recent.likes) likesOf(doc).set(key, true);
    for (const [userId, messageId] of Object.entries(recent.reads)) readsOf(doc).set(userId, messageId);
  });
  return doc;
}

/**
 * The newest messages of a chat the device holds nothing of yet, asked over
 * REST once `isWanted` turns true (the device's copy is read and empty, and
 * the socket has not synced), so a long chat's last screen shows without
 * waiting for the whole doc (issue 18 item 4). Offline the request fails and
 * nothing changes: the screen shows what the device holds.
 */
export function useChatRecent(chatId: string, isWanted: boolean): ChatRecent {
  const [isAsked, setAsked] = useState(false);
  const [answer, setAnswer] = useState<{ recent: ChatRecentDto | null } | null>(null);
  if (isWanted && !isAsked) setAsked(true);

  useEffect(() => {
    if (!isAsked) return;
    let isCurrent = true;
    fetchChatRecent(chatId).then(
      (recent) => isCurrent && setAnswer({ recent }),
      // Offline, refused (the socket's close will say why) or failing: the doc alone, as before.
      () => isCurrent && setAnswer({ recent: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [chatId, isAsked]);

  const recent = answer?.recent ?? null;
  const preview = useMemo(() => (recent ? { doc: previewDoc(recent), recent } : null), [recent]);
  return { preview, isSettled: !isAsked || answer !== null };
}
