import {
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  CHAT_RECENT_SIZE,
  type ChatRecentDto,
  type ChatSummaryDto,
  type InboxPageDto,
  type StartChatResponse,
} from '@campus/shared/chat-api';
import { startChatRequestSchema } from '@campus/shared/chat-requests';
import { type Context, Hono } from 'hono';
import { isBlockedEitherWay } from '../blocks/blocks.repository.ts';
import { requireOtherCampusUser } from '../blocks/campus-user.ts';
import { requireMember } from '../campus/member-gate.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { nextCursorOf, readCursorParameter } from '../posts/page-cursor.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import type { ChatRooms } from './chat-rooms.ts';
import { findChatSummary, findInboxPage } from './chat-summaries.ts';
import { deleteChat, findMemberChat, findOrCreateChat } from './chats.repository.ts';

/**
 * The inbox side of direct messages (spec 2 §2 Messages, §4; issue 6).
 * Messages themselves travel in each chat's Y.Doc over the chat socket
 * (chat-socket.ts); these routes list, start and delete chats. Mounted at /api/chats.
 */
export function chatRoutes(db: Db, rooms: ChatRooms) {
  async function requireSummary(c: Context<AppEnv>, viewerId: string): Promise<ChatSummaryDto> {
    const chat = await findChatSummary(db, viewerId, c.get('campus').id, c.req.param('id') ?? '');
    if (!chat) throw new AppError('not_found', CHAT_MESSAGES.missing);
    return chat;
  }

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const viewer = requireViewer(c);
      const chats = await findInboxPage(db, viewer.id, c.get('campus').id, readCursorParameter(c.req.query('cursor')));
      const body: InboxPageDto = {
        chats,
        nextCursor: nextCursorOf(chats, CHAT_PAGE_SIZE, (chat) => ({ at: chat.lastModified, id: chat.id })),
      };
      c.header('Cache-Control', 'private, no-cache');
      return c.json(body);
    })
    .post('/', async (c) => {
      // spec 2 §5: messaging needs a verified school e-mail, here on this campus.
      const viewer = requireMember(c, 'other');
      const { userId } = await readJson(c, startChatRequestSchema);
      const campusId = c.get('campus').id;
      const otherId = await requireOtherCampusUser(db, campusId, viewer.id, userId, CHAT_MESSAGES.notYourself);
      if (await isBlockedEitherWay(db, viewer.id, otherId)) throw new AppError('forbidden', CHAT_MESSAGES.blocked);
      const { chatId, isNew } = await findOrCreateChat(db, campusId, viewer.id, otherId);
      const chat = await findChatSummary(db, viewer.id, campusId, chatId);
      if (!chat) throw new AppError('not_found', CHAT_MESSAGES.missing);
      const body: StartChatResponse = { chat, isNew };
      return c.json(body, isNew ? 201 : 200);
    })
    .get('/:id', async (c) => {
      const viewer = requireViewer(c);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await requireSummary(c, viewer.id));
    })
    .get('/:id/recent', async (c) => {
      // The last screen of the chat, for a device that does not hold its doc yet (decision 019).
      const viewer = requireViewer(c);
      const summary = await requireSummary(c, viewer.id);
      const chat = await findMemberChat(db, summary.id, viewer.id, c.get('campus').id);
      if (!chat) throw new AppError('not_found', CHAT_MESSAGES.missing);
      const body: ChatRecentDto = await rooms.recent(chat, CHAT_RECENT_SIZE);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(body);
    })
    .delete('/:id', async (c) => {
      const viewer = requireViewer(c);
      // Also a chat hidden by a block: either member may still remove it.
      const chat = await findMemberChat(db, c.req.param('id'), viewer.id, c.get('campus').id);
      if (!chat) throw new AppError('not_found', CHAT_MESSAGES.missing);
      await deleteChat(db, chat.id);
      rooms.forget(chat.id);
      return c.json({ msg: CHAT_MESSAGES.deleted });
    });
}
