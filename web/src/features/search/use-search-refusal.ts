import type { ErrorCode } from '@campus/shared/errors';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuthGate } from '../auth/index.ts';

/** The server's refusals of a searcher (decision 035) and where each sends the student (spec 2 §2). */
const REDIRECTS: Partial<Record<ErrorCode, string>> = {
  not_verified: '/verify',
  school_email_required: '/settings/account/school_email',
};

/**
 * Follows the server's answer when it refused a search the session had
 * allowed (a stale stored user): 401 opens the auth modal 'Start searching.',
 * 403 `not_verified` goes to /verify, `school_email_required` to the school
 * e-mail settings.
 */
export function useSearchRefusal(errorCode: string | null): void {
  const navigate = useNavigate();
  const openAuthGate = useAuthGate();
  useEffect(() => {
    if (errorCode === null) return;
    if (errorCode === 'unauthorized') openAuthGate('search');
    const target = REDIRECTS[errorCode as ErrorCode];
    if (target) navigate(target, { replace: true });
  }, [errorCode, navigate, openAuthGate]);
}
