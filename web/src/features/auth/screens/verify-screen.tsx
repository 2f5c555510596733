import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import type { VerificationSendRequest } from '@campus/shared/verification-requests';
import type { FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { CodeField } from '../../../lib/forms/code-field.tsx';
import { useCodeCheck } from '../use-code-check.ts';
import { AuthCard } from './auth-card.tsx';

/** /verify (spec 1 §2, §4): the 4-digit code mailed at sign-up; a verified user goes to /home. */
export function VerifyScreen() {
  const { user, status } = useSession();
  const { code, setCode, error, check, run, isPending } = useCodeCheck('verify user');
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  if (status === 'loading') return null;
  if (!user) return <Navigate to="/" replace />;
  if (user.isVerified) return <Navigate to="/home" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await check();
    if (result) navigate(result.redirectTo, { replace: true });
  }

  async function resend() {
    const sent = await run(() =>
      apiRequest('/api/verification/send', {
        method: 'POST',
        json: { action: 'verify user' } satisfies VerificationSendRequest,
      }),
    );
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
