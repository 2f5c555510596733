import type { ProfileDto } from '@campus/shared/profile-api';
import { Link } from 'react-router';
import { Icon } from '../../lib/icon.tsx';
import { useMessageLink } from '../chats/index.ts';

/**
 * spec 2 §2 Profile: own profile 'Edit Profile' (or 'Set up profile' before
 * it is set up); someone else's 'Send Message'; 'Claim this account' on an
 * unverified profile, which opens /login/sent?claim={username} (decision 026). On a profile the viewer has
 * blocked, 'Unblock to message' instead of a Send Message the server would
 * refuse (decision 014: blocked users cannot message each other).
 */
export function ProfileActions({
  profile,
  isOwn,
  isBlocked,
  onToggleBlock,
}: {
  profile: ProfileDto;
  isOwn: boolean;
  isBlocked: boolean;
  onToggleBlock(): void;
}) {
  const messageLink = useMessageLink(profile);
  return (
    <div className="profile-header__actions">
      {isOwn &&
        (profile.isProfileSetUp ? (
          <Link to="/profile/edit" className="button button--outline">
            Edit Profile
          </Link>
        ) : (
          <Link to="/profile/set-up" className="button button--primary">
            Set up profile
          </Link>
        ))}
      {!isOwn && isBlocked && (
        <button type="button" className="button button--outline" onClick={onToggleBlock}>
          Unblock to message
        </button>
      )}
      {!isOwn && !isBlocked && (
        <Link {...messageLink} className="button button--primary">
          <Icon name="message" size={18} /> Send Message
        </Link>
      )}
      {!isOwn && !profile.isVerified && (
        <Link to={`/login/sent?claim=${encodeURIComponent(profile.username)}`} className="button button--outline">
          Claim this account
        </Link>
      )}
    </div>
  );
}
