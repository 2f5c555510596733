import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { CodeField } from '../../../lib/forms/code-field.tsx';
import { resendVerifyCode } from '../api.ts';
import { useCodeCheck } from '../use-code-check.ts';
import { AuthCard } from './auth-card.tsx';

/** /verify (spec 1 §2, §4): the 4-digit code mailed at sign-up; a verified user goes to /home. */
export function VerifyScreen() {
  const { user, status } = useSession();
  const { code, setCode, error, check, run, isPending } = useCodeCheck('verify user');
  const { showAlert } = useAlerts();
  // Where the check sent the student (/search_schools on the generic site). Kept in state, so the
  // render that sees the user verified goes there, not to /home (the router's navigation is a
  // transition and came after the render with the verified user: issue 22).
  const [redirectTo, setRedirectTo] = useState<string | null>(null);

  if (status === 'loading') return null;
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (!user) return <Navigate to="/" replace />;
  if (user.isVerified) return <Navigate to="/home" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await check();
    if (result) setRedirectTo(result.redirectTo);
  }

  async function resend() {
    const sent = await run(() => resendVerifyCode());
    if (sent) showAlert(ACCOUNT_MESSAGES.emailSent, 'okay');
  }

  return (
    <AuthCard
      title="Confirm your email address"
      subtitle={`Enter the 4-digit code we sent to ${user.email}. Codes expire after two hours.`}
    >
      <form className="form" onSubmit={submit} noValidate>
        <CodeField value={code} error={error} onChange={setCode} />
        <button type="submit" className="button button--primary button--block" disabled={isPending}>
          Verify
        </button>
      </form>
      <button type="button" className="link-button" onClick={resend} disabled={isPending}>
        Send a new code
      </button>
    </AuthCard>
  );
}
