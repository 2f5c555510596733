import { formatAge } from '@campus/shared/display-format';
import { notificationLink, notificationText } from '@campus/shared/notification-text';
import type { NotificationDto } from '@campus/shared/notifications-api';
import { Link } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';

/** One row of /notifications: the actor's photo, what happened, when; it opens its post or chat. */
export function NotificationRow({ notification, isUnread }: { notification: NotificationDto; isUnread: boolean }) {
  const { fromUser } = notification;
  return (
    <li className={`notification${isUnread ? ' notification--unread' : ''}`}>
      <Link to={notificationLink(notification)} className="notification__link">
        <span className="avatar">
          <AvatarImage src={fromUser.img} size={40} />
        </span>
        <span className="notification__body">
          <span className="notification__text">{notificationText(notification)}</span>
          {notification.message && <span className="notification__preview">{notification.message}</span>}
          <time className="notification__time" dateTime={notification.updatedAt}>
            {formatAge(notification.updatedAt)}
          </time>
        </span>
        {isUnread && (
          <span className="notification__dot">
            <span className="visually-hidden">Unread</span>
          </span>
        )}
      </Link>
    </li>
  );
}
