import { PROFILE_LIST_TABS, type ProfileListTab } from '@campus/shared/post-api';
import { Link, useParams, useSearchParams } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { Icon } from '../../lib/icon.tsx';
import { ScreenHeader } from '../../lib/screen-header.tsx';
import { PostList } from '../posts/index.ts';
import { profileListPath } from './api.ts';
import { ProfileHeader } from './profile-header.tsx';
import { PROFILE_TAB_DETAILS, ProfileTabs } from './profile-tabs.tsx';
import { useBlockState } from './use-block-state.ts';
import { useProfile } from './use-profile.ts';

function readTab(show: string | null): ProfileListTab {
  return PROFILE_LIST_TABS.find((tab) => tab === show) ?? 'posts';
}

/** /{username} (spec 2 §2 Profile): the header, then the Posts / Photos / Replies / Likes tabs. */
export function ProfileScreen() {
  const { username = '' } = useParams();
  const [searchParams] = useSearchParams();
  const tab = readTab(searchParams.get('show'));
  const state = useProfile(username);
  const viewer = useViewer();
  const profile = state.status === 'found' ? state.profile : null;
  const isOwn = viewer !== null && profile !== null && viewer.id === profile.id;
  const block = useBlockState(profile?.id ?? '', viewer !== null && profile !== null && !isOwn);

  if (state.status === 'loading')
    return <div className="card profile-header profile-card--skeleton" aria-busy="true" />;
  if (!profile) {
    return (
      <section className="card empty-state" aria-labelledby="profile-missing-title">
        <h1 id="profile-missing-title" className="empty-state__title">
          {state.status === 'missing' ? 'This page doesn’t exist.' : 'Something went wrong'}
        </h1>
        <Link to="/search" className="button button--primary">
          <Icon name="search" size={18} /> Search
        </Link>
      </section>
    );
  }
  const listUrl = profileListPath(profile.username, tab);
  return (
    <div className="profile">
      <ScreenHeader
        title={`${profile.firstName} ${profile.lastName}`}
        subtitle={`${profile.totalPosts} ${profile.totalPosts === 1 ? 'post' : 'posts'}`}
        fallback="/home"
      />
      <ProfileHeader
        profile={profile}
        isOwn={isOwn}
        isSignedIn={viewer !== null}
        isBlocked={block.isBlocked}
        onToggleBlock={() => void block.toggle()}
      />
      <ProfileTabs username={profile.username} active={tab} />
      {/* A block hides the profile's activity (the server answers empty lists), so reload on a change. */}
      <PostList key={`${listUrl}:${block.isBlocked}`} url={listUrl} emptyTitle={PROFILE_TAB_DETAILS[tab].empty} />
    </div>
  );
}
