import type { ProfileListTab } from '@campus/shared/post-api';
import { Link } from 'react-router';

/** spec 2 §2 Profile: Posts (default), Photos (?show=photos), Replies (?show=replies), Likes (?show=likes). */
export const PROFILE_TAB_DETAILS: Record<ProfileListTab, { label: string; empty: string }> = {
  posts: { label: 'Posts', empty: 'No Posts' },
  photos: { label: 'Photos', empty: 'No Photos / Videos' },
  replies: { label: 'Replies', empty: 'No Replies' },
  likes: { label: 'Likes', empty: 'No Likes' },
};

const TABS: ProfileListTab[] = ['posts', 'photos', 'replies', 'likes'];

export function ProfileTabs({ username, active }: { username: string; active: ProfileListTab }) {
  return (
    <nav className="feed-tabs profile-tabs" aria-label="Profile">
      {TABS.map((tab) => (
        <Link
          key={tab}
          to={tab === 'posts' ? `/${username}` : `/${username}?show=${tab}`}
          className={`feed-tabs__tab${tab === active ? ' active' : ''}`}
          aria-current={tab === active ? 'page' : undefined}
          replace
        >
          {PROFILE_TAB_DETAILS[tab].label}
        </Link>
      ))}
    </nav>
  );
}
