import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsPageDto,
  type UnreadCountsDto,
} from '@campus/shared/notifications-api';
import { markNotificationsReadRequestSchema } from '@campus/shared/notifications-requests';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { nextCursorOf, readCursorParameter } from '../posts/page-cursor.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { toNotificationDto } from './notifications.mapper.ts';
import { countUnread, findNotificationsPage, markNotificationsRead } from './notifications.repository.ts';

/**
 * spec 2 §2 /notifications and §7 (issue 21, decision 032): the signed-in
 * user's notifications on this campus, marking them read, and the badges'
 * unread counts. Mounted at /api/notifications; private, never cached.
 */
export function notificationRoutes(context: AppContext) {
  const { db } = context;

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const viewer = requireViewer(c);
      const rows = await findNotificationsPage(db, {
        campusId: c.get('campus').id,
        userId: viewer.id,
        after: readCursorParameter(c.req.query('cursor')),
      });
      const body: NotificationsPageDto = {
        notifications: rows.map(toNotificationDto),
        nextCursor: nextCursorOf(rows, NOTIFICATIONS_PAGE_SIZE, (row) => ({ at: row.updated_at, id: row.id })),
      };
      c.header('Cache-Control', 'private, no-store');
      return c.json(body);
    })
    .get('/unread', async (c) => {
      const viewer = requireViewer(c);
      const body: UnreadCountsDto = await countUnread(db, c.get('campus').id, viewer.id);
      c.header('Cache-Control', 'private, no-store');
      return c.json(body);
    })
    .post('/read', async (c) => {
      const viewer = requireViewer(c);
      const { ids } = await readJson(c, markNotificationsReadRequestSchema);
      const campusId = c.get('campus').id;
      await markNotificationsRead(db, campusId, viewer.id, ids);
      const body: UnreadCountsDto = await countUnread(db, campusId, viewer.id);
      return c.json(body);
    });
}
