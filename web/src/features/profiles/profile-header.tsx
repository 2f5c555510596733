import type { ProfileDto } from '@campus/shared/profile-api';
import { useState } from 'react';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { BlockUserModal } from './block-user-modal.tsx';
import { ProfileActions } from './profile-actions.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { ReportUserModal } from './report-user-modal.tsx';

export interface ProfileHeaderProps {
  profile: ProfileDto;
  isOwn: boolean;
  isSignedIn: boolean;
  isBlocked: boolean;
  onToggleBlock: () => void;
}

/** The top of /{username}: photo, name, @username, bio, post count, actions and the ⋯ menu. */
export function ProfileHeader({ profile, isOwn, isSignedIn, isBlocked, onToggleBlock }: ProfileHeaderProps) {
  const [isReporting, setIsReporting] = useState(false);
  const [isConfirmingBlock, setIsConfirmingBlock] = useState(false);
  const name = `${profile.firstName} ${profile.lastName}`;
  // A block is asked first; an unblock acts at once.
  const onBlockChoice = isBlocked ? onToggleBlock : () => setIsConfirmingBlock(true);
  return (
    <section className="card profile-header" aria-labelledby="profile-name">
      <div className="profile-header__top">
        <div className="avatar avatar--large profile-header__avatar">
          <AvatarImage src={profile.img} size={96} iconSize={48} />
        </div>
        <ProfileMenu
          canModerate={isSignedIn && !isOwn}
          isBlocked={isBlocked}
          onReport={() => setIsReporting(true)}
          onToggleBlock={onBlockChoice}
        />
      </div>
      <div className="profile-header__identity">
        {/* The profile variant of the header above holds the page's h1 (decision 028). */}
        <h2 id="profile-name" className="profile-header__name">
          {name}
          {profile.isSchoolVerified && (
            <span className="badge-verified" title="Verified student" role="img" aria-label="Verified student">
              ✓
            </span>
          )}
        </h2>
        <p className="profile-header__username">@{profile.username}</p>
      </div>
      {profile.bio && <p className="profile-header__bio">{profile.bio}</p>}
      <p className="profile-header__stats">
        <strong>{profile.totalPosts}</strong> {profile.totalPosts === 1 ? 'post' : 'posts'}
        {isBlocked && <span className="profile-header__blocked"> · Blocked</span>}
      </p>
      <ProfileActions profile={profile} isOwn={isOwn} isBlocked={isBlocked} onToggleBlock={onToggleBlock} />
      {isReporting && <ReportUserModal userId={profile.id} name={name} onClose={() => setIsReporting(false)} />}
      {isConfirmingBlock && (
        <BlockUserModal name={name} onBlock={onToggleBlock} onClose={() => setIsConfirmingBlock(false)} />
      )}
    </section>
  );
}
