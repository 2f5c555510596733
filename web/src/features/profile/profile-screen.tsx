import type { ProfileDto } from '@campus/shared/profile-api';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { Icon } from '../../lib/icon.tsx';

type ProfileState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'found'; profile: ProfileDto };

/**
 * /{username} (spec 2 §2 Profile). The header is real; the Posts / Photos /
 * Replies / Likes tabs arrive with the posts issue.
 */
export function ProfileScreen() {
  const { username = '' } = useParams();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    apiRequest<ProfileDto>(`/api/profiles/${encodeURIComponent(username)}`).then(
      (profile) => isCurrent && setState({ status: 'found', profile }),
      (error: unknown) =>
        isCurrent &&
        setState({ status: error instanceof ApiRequestError && error.status === 404 ? 'missing' : 'error' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [username]);

  if (state.status === 'loading') return <div className="card profile-card profile-card--skeleton" aria-busy="true" />;
  if (state.status === 'missing' || state.status === 'error') {
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
  const { profile } = state;
  return (
    <section className="card profile-card" aria-labelledby="profile-name">
      <div className="avatar avatar--large">
        {profile.img ? <img src={profile.img} alt="" width={96} height={96} /> : <Icon name="user" size={48} />}
      </div>
      <h1 id="profile-name" className="profile-card__name">
        {profile.firstName} {profile.lastName}
      </h1>
      <p className="profile-card__username">@{profile.username}</p>
      {profile.bio && <p className="profile-card__bio">{profile.bio}</p>}
      <p className="profile-card__stats">
        <strong>{profile.totalPosts}</strong> {profile.totalPosts === 1 ? 'post' : 'posts'}
      </p>
      <p className="empty-state__text">Posts, photos, replies and likes are coming soon.</p>
    </section>
  );
}
