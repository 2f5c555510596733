import type { ChatSummaryDto } from '@campus/shared/chat-api';
import { useState } from 'react';
import { Link } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { Icon } from '../../lib/icon.tsx';
import { ChatMenu } from './chat-menu.tsx';
import { DeleteChatModal } from './delete-chat-modal.tsx';

/** The other member (a link to their profile), Back on phones, and the ⋯ menu. */
export function ConversationHeader({
  chat,
  viewerId,
  onCleared,
}: {
  chat: ChatSummaryDto;
  viewerId: string;
  onCleared: () => Promise<void> | undefined;
}) {
  const [isDeleting, setIsDeleting] = useState(false);
  const other = chat.otherUser;
  const name = `${other.firstName} ${other.lastName}`;
  return (
    <header className="conversation__head">
      <Link to="/messages" className="icon-button conversation__back" aria-label="Back to messages">
        <Icon name="back" />
      </Link>
      <Link to={`/${other.username}`} className="conversation__person">
        <span className="avatar">
          <AvatarImage src={other.img} size={40} />
        </span>
        <span className="conversation__names">
          <span className="conversation__name">{name}</span>
          <span className="conversation__username">@{other.username}</span>
        </span>
      </Link>
      <ChatMenu onDelete={() => setIsDeleting(true)} />
      {isDeleting && (
        <DeleteChatModal
          chatId={chat.id}
          viewerId={viewerId}
          onCleared={onCleared}
          onClose={() => setIsDeleting(false)}
        />
      )}
    </header>
  );
}
