import type { MeResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES, emailSchema } from '@campus/shared/account-rules';
import type { SignInLinkCompleteRequest } from '@campus/shared/email-link-rules';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { EmailField } from '../../../lib/forms/email-field.tsx';
import { AuthCard } from './auth-card.tsx';
import { ClaimAccountPanel } from './claim-account-panel.tsx';
import { EMAIL_FOR_SIGN_IN_KEY } from './email-link-storage.ts';

/**
 * /login/sent (spec 1 §2): 'Your magic link is on its way!', and the page the
 * mailed link opens. It completes the sign-in with the e-mail stored on this
 * device, or asks for it again (a link opened on another device); with first
 * and last names in the link it registers the user. With ?claim={username}
 * it is the 'Claim this account' page (claim-account-panel.tsx).
 */
export function LoginSentScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const first = params.get('first') ?? undefined;
  const last = params.get('last') ?? undefined;
  const [storedEmail] = useState(() => localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY));
  const [typedEmail, setTypedEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const claim = params.get('claim');
  const { user, setUser } = useSession();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  const complete = useCallback(
    async (email: string) => {
      if (!token) return; // called only with a token
      try {
        const result = await apiRequest<MeResponse>('/api/auth/sign-in-link/complete', {
          method: 'POST',
          json: { email, token, first, last } satisfies SignInLinkCompleteRequest,
        });
        localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
        setUser(result.user);
        navigate(result.user?.isVerified ? '/home' : '/verify', { replace: true });
      } catch (caught) {
        if (caught instanceof ApiRequestError && caught.errors.some((item) => item.code === 'location_blocked')) {
          navigate('/404', { replace: true });
          return;
        }
        if (caught instanceof ApiRequestError && caught.status === 429) {
          // The sign-up cap (decision 017): the link was not spent; it works again later.
          setRefusal(caught.errors[0]?.msg ?? ACCOUNT_MESSAGES.linkFailed);
          return;
        }
        // spec 1 §2: a bad link goes to /login?redirect=true or /register?redirect=true.
        navigate(first && last ? '/register?redirect=true' : '/login?redirect=true', { replace: true });
      }
    },
    [first, last, navigate, setUser, token],
  );

  useEffect(() => {
    if (token && storedEmail && !hasStarted.current) {
      hasStarted.current = true;
      void complete(storedEmail);
    }
  }, [complete, storedEmail, token]);

  if (refusal) return <AuthCard title="Please try again later" subtitle={refusal} />;
  if (claim && !token) return <ClaimAccountPanel username={claim} />;
  if (user && !token) return <Navigate to="/home" replace />;
  if (!token && !params.get('email')) return <Navigate to="/login" replace />;

  if (token && !storedEmail) {
    function submit(event: FormEvent) {
      event.preventDefault();
      const parsed = emailSchema.safeParse(typedEmail);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.emailInvalid);
      void complete(parsed.data);
    }
    return (
      <AuthCard title="Confirm your email" subtitle="Enter the e-mail address the link was sent to.">
        <form className="form" onSubmit={submit} noValidate>
          <EmailField value={typedEmail} error={error} onChange={setTypedEmail} />
          <button type="submit" className="button button--primary button--block">
            Continue
          </button>
        </form>
      </AuthCard>
    );
  }

  if (token) return <AuthCard title="Signing you in…" />;
  const isNewStudent = Boolean(first && last);
  return (
    <AuthCard
      title="Your magic link is on its way!"
      subtitle={`We sent a ${isNewStudent ? 'link' : 'sign-in link'} to ${params.get('email')}. It may take 1-2 minutes.`}
    >
      <p className="auth-card__subtitle">
        {isNewStudent
          ? `Open it to create your account, ${first}, and sign in.`
          : 'Open it to sign in. On another device you will be asked for your e-mail again.'}
      </p>
    </AuthCard>
  );
}
