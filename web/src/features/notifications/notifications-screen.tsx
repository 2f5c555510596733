import { ScreenHeader } from '../../lib/screen-header.tsx';
import { SkeletonRows } from '../../lib/skeleton-rows.tsx';
import { useLoadMoreSentinel } from '../../lib/use-load-more-sentinel.ts';
import { NotificationRow } from './notification-row.tsx';
import { PushPromptCard } from './push/push-prompt-card.tsx';
import { useNotificationsList } from './use-notifications-list.ts';
import '../../styles/notifications.css';

/** spec 2 §2 Notifications: the empty state, word for word. */
const NOTIFICATIONS_EMPTY = 'Nothing to see here - yet';

/** /notifications (spec 2 §2, issue 21): the viewer's notifications, 15 a page, newest first, read once displayed. */
export function NotificationsScreen() {
  const list = useNotificationsList();
  const sentinel = useLoadMoreSentinel(list.loadMore);
  const rows = list.rows ?? [];
  return (
    <div className="screen-stack">
      {/* The notifications variant of the header (spec 1 §2). */}
      <ScreenHeader title="Notifications" fallback="/home" titleId="notifications-title" />
      <PushPromptCard />
      <section className="card notifications" aria-labelledby="notifications-title">
        {list.isLoading && (
          <SkeletonRows
            label="Loading notifications"
            listClassName="notifications__list"
            rowClassName="notification"
            innerClassName="notification__link"
            bodyClassName="notification__body"
          />
        )}
        {!list.isLoading && rows.length > 0 && (
          <ul className="notifications__list" aria-label="Notifications">
            {rows.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                isUnread={list.isUnread(notification.id)}
              />
            ))}
          </ul>
        )}
        {list.error && (
          <p className="feed__status feed__status--error" role="alert">
            {list.error}
          </p>
        )}
        {!list.isLoading && !list.error && rows.length === 0 && list.isEnd && (
          <p className="feed__status">{NOTIFICATIONS_EMPTY}</p>
        )}
        <div ref={sentinel} aria-hidden="true" />
      </section>
    </div>
  );
}
