import type { AuthorDto } from '@campus/shared/post-api';
import { Link } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { useMessageLink } from '../chats/index.ts';

/** One person on /post/{id}/likes; spec 2 §6: nobody messages themselves, so the viewer has no button. */
export function SaverRow({ user, isViewer }: { user: AuthorDto; isViewer: boolean }) {
  const name = `${user.firstName} ${user.lastName}`;
  const messageLink = useMessageLink(user);
  return (
    <li className="liker">
      <Link to={`/${user.username}`} className="liker__person">
        <span className="avatar">
          <AvatarImage src={user.img} size={40} />
        </span>
        <span className="liker__names">
          <span className="liker__name">{name}</span>
          <span className="liker__username">@{user.username}</span>
        </span>
      </Link>
      {!isViewer && (
        <Link {...messageLink} className="button button--outline button--small" aria-label={`Message ${name}`}>
          Message
        </Link>
      )}
    </li>
  );
}
