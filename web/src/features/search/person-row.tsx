import type { AuthorDto } from '@campus/shared/post-api';
import { Link } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';

/** One person in the People tab: avatar, name and @username, linking to the profile. */
export function PersonRow({ user }: { user: AuthorDto }) {
  return (
    <li className="liker">
      <Link to={`/${user.username}`} className="liker__person">
        <span className="avatar">
          <AvatarImage src={user.img} size={40} />
        </span>
        <span className="liker__names">
          <span className="liker__name">
            {user.firstName} {user.lastName}
          </span>
          <span className="liker__username">@{user.username}</span>
        </span>
      </Link>
    </li>
  );
}
