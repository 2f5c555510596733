import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, emailSchema } from '@campus/shared/account-rules';
import type {
  LinkSentResponse,
  PasswordResetCompleteRequest,
  PasswordResetCompleteResponse,
  PasswordResetRequest,
} from '@campus/shared/email-link-rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { EmailField } from '../../../lib/forms/email-field.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * /forgotpassword (spec 1 §2, §8): mails a reset link, then the confirmation
 * state. Opened from the mailed link (?token=) it sets the new password.
 */
export function ForgotPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  async function requestLink(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.emailInvalid);
    setError(null);
    try {
      await apiRequest<LinkSentResponse>('/api/auth/password-reset', {
        method: 'POST',
        json: { email: parsed.data } satisfies PasswordResetRequest,
      });
      setIsSent(true);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.status === 404) {
        // spec 1 §8: "a browser alert 'User not found, try again!' and clears the field".
        window.alert(ACCOUNT_MESSAGES.userNotFoundReset);
        setEmail('');
      } else {
        showAlert(caught instanceof ApiRequestError ? caught.message : ACCOUNT_MESSAGES.linkFailed, 'danger');
      }
    }
  }

  async function setNewPassword(event: FormEvent) {
    event.preventDefault();
    if (!token) return; // the form is shown only with a token
    if (password.length < ACCOUNT_LIMITS.passwordMin) return setError(ACCOUNT_MESSAGES.passwordTooShortSettings);
    setError(null);
    const result = await run(() =>
      apiRequest<PasswordResetCompleteResponse>('/api/auth/password-reset/complete', {
        method: 'POST',
        json: { token, password } satisfies PasswordResetCompleteRequest,
      }),
    );
    if (!result) return;
    showAlert(ACCOUNT_MESSAGES.accountUpdated, 'success');
    navigate(`/login?method=password&email=${encodeURIComponent(result.email)}`, { replace: true });
  }

  if (token) {
    return (
      <AuthCard title="Choose a new password">
        <form className="form" onSubmit={setNewPassword} noValidate>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className="button button--primary button--block" disabled={isPending}>
            Save password
          </button>
        </form>
      </AuthCard>
    );
  }
  if (isSent) {
    return (
      <AuthCard title={ACCOUNT_MESSAGES.resetSentTitle} subtitle={ACCOUNT_MESSAGES.resetSentNote}>
        <Link
          to={`/login?method=password&email=${encodeURIComponent(email)}`}
          className="button button--primary button--block"
        >
          Go to login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot your password?" subtitle="We'll e-mail you a link to choose a new one.">
      <form className="form" onSubmit={requestLink} noValidate>
        <EmailField value={email} error={error} onChange={setEmail} />
        <button type="submit" className="button button--primary button--block" disabled={isPending}>
          Send reset link
        </button>
      </form>
    </AuthCard>
  );
}
