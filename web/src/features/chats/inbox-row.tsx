import type { ChatSummaryDto } from '@campus/shared/chat-api';
import { formatAge } from '@campus/shared/display-format';
import { Link } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';

/**
 * One conversation in the inbox: the other member, the last message and its
 * age; unread in bold with a dot; 'Delivered' / 'Seen' under the viewer's own
 * last message (spec 2 §4).
 */
export function InboxRow({ chat, viewerId, isActive }: { chat: ChatSummaryDto; viewerId: string; isActive: boolean }) {
  const name = `${chat.otherUser.firstName} ${chat.otherUser.lastName}`;
  const isOwnLast = chat.lastMessageAuthorId === viewerId;
  const classes = ['inbox-row', chat.isUnread ? 'inbox-row--unread' : '', isActive ? 'inbox-row--active' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li>
      <Link to={`/messages/${chat.id}`} className={classes} aria-current={isActive ? 'page' : undefined}>
        <span className="avatar">
          <AvatarImage src={chat.otherUser.img} size={48} />
        </span>
        <span className="inbox-row__body">
          <span className="inbox-row__line">
            <span className="inbox-row__name">{name}</span>
            <time className="inbox-row__age" dateTime={chat.lastModified}>
              {formatAge(chat.lastModified)}
            </time>
          </span>
          <span className="inbox-row__line">
            {/* No 'You:' prefix: after a like the text is '{Name} liked a message', whoever wrote the newest. */}
            <span className="inbox-row__last">{chat.lastMessage ?? 'No messages yet'}</span>
            {isOwnLast && chat.lastMessageStatus && <span className="inbox-row__status">{chat.lastMessageStatus}</span>}
            {chat.isUnread && <span className="inbox-row__dot" role="img" aria-label="Unread" />}
          </span>
        </span>
      </Link>
    </li>
  );
}
