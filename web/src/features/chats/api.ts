import type {
  ChatRecentDto,
  ChatSummaryDto,
  InboxPageDto,
  StartChatResponse,
  UserSearchDto,
} from '@campus/shared/chat-api';
import type { StartChatRequest } from '@campus/shared/chat-requests';
import type { PostPageDto } from '@campus/shared/post-api';
import type { ProfileDto } from '@campus/shared/profile-api';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The chats feature's calls to the API (issue 6). The conversations
 * themselves travel over their Yjs sockets (local/chats/chat-sync.ts), and
 * files through the one upload client (lib/upload-file.ts).
 */

const chatPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}`;

/** GET /api/chats: the inbox's first page, or the page after `cursor`. */
export function fetchInbox(cursor: string | null = null): Promise<InboxPageDto> {
  return apiRequest<InboxPageDto>(cursor === null ? '/api/chats' : `/api/chats?cursor=${encodeURIComponent(cursor)}`);
}

export function fetchChatSummary(chatId: string): Promise<ChatSummaryDto> {
  return apiRequest<ChatSummaryDto>(chatPath(chatId));
}

/** GET /api/chats/:id/recent (decision 019). */
export function fetchChatRecent(chatId: string): Promise<ChatRecentDto> {
  return apiRequest<ChatRecentDto>(`${chatPath(chatId)}/recent`);
}

/** POST /api/chats: the chat with `userId`, new or the one there is. */
export function findOrStartChat(request: StartChatRequest): Promise<StartChatResponse> {
  return apiRequest<StartChatResponse>('/api/chats', { method: 'POST', json: request });
}

/** Deletes the chat for both members; answers the server's words. */
export function deleteChat(chatId: string): Promise<{ msg: string }> {
  return apiRequest<{ msg: string }>(chatPath(chatId), { method: 'DELETE' });
}

export function searchUsers(query: string): Promise<UserSearchDto> {
  return apiRequest<UserSearchDto>(`/api/users/search?${new URLSearchParams({ q: query })}`);
}

/** The person `/messages/new?to={username}` names. */
export function fetchRecipient(username: string): Promise<ProfileDto> {
  return apiRequest<ProfileDto>(`/api/profiles/${encodeURIComponent(username)}`);
}

/** A post shared in a message. */
export function fetchSharedPost(postId: string): Promise<PostPageDto> {
  return apiRequest<PostPageDto>(`/api/posts/${encodeURIComponent(postId)}`);
}
