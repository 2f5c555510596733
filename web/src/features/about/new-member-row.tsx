import type { AuthorDto } from '@campus/shared/post-api';
import { Link } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { useMessageLink } from '../chats/index.ts';

export interface NewMemberRowProps {
  member: AuthorDto;
  /** Nobody can message themselves (spec 2 §4). */
  isSelf: boolean;
  /** Set for visitors: Message asks them to join first (spec 1 §6). */
  onRequireSignIn?: () => void;
}

export function NewMemberRow({ member, isSelf, onRequireSignIn }: NewMemberRowProps) {
  const name = `${member.firstName} ${member.lastName}`;
  const messageLink = useMessageLink(member);
  return (
    <li className="new-member">
      <Link to={`/${member.username}`} className="new-member__person">
        <span className="avatar">
          <AvatarImage src={member.img} size={40} />
        </span>
        <span className="new-member__name">{name}</span>
      </Link>
      {!isSelf &&
        (onRequireSignIn ? (
          <button type="button" className="button button--outline button--small" onClick={onRequireSignIn}>
            Message
          </button>
        ) : (
          <Link {...messageLink} className="button button--outline button--small" aria-label={`Message ${name}`}>
            Message
          </Link>
        ))}
    </li>
  );
}
