import type { ProfileDto } from '@campus/shared/profile-api';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { fetchProfile } from './api.ts';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'found'; profile: ProfileDto };

/** GET /api/profiles/:username; a 404 is the spec's unknown-user page. */
export function useProfile(username: string): ProfileState {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    fetchProfile(username).then(
      (profile) => isCurrent && setState({ status: 'found', profile }),
      (error: unknown) =>
        isCurrent &&
        setState({ status: error instanceof ApiRequestError && error.status === 404 ? 'missing' : 'error' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [username]);
  return state;
}
