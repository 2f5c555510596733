import type { MeResponse } from '@campus/shared/account-api';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, emailSchema, type LoginRequest } from '@campus/shared/account-rules';
import { googleErrorMessage } from '@campus/shared/google-errors';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCampus } from '../../../app/campus/campus-context.tsx';
import { useSession } from '../../../app/session/session-context.tsx';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { EmailField } from '../../../lib/forms/email-field.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { AuthCard, useWrongLinkAlert } from './auth-card.tsx';
import { EmailLinkForm } from './email-link-form.tsx';

/** Not in the spec: the server has no Google keys (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET unset). */
const GOOGLE_UNAVAILABLE = 'Google sign-in is not set up on this server yet. Continue with Email instead.';

/** /login (spec 1 §2): method=password asks e-mail and password; method=noPassword mails a sign-in link (email-link-form.tsx). */
export function LoginScreen() {
  const [params] = useSearchParams();
  const isLinkMethod = params.get('method') === 'noPassword';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const campus = useCampus();
  const hasShownGoogleError = useRef(false);
  const [isNewStudent, setIsNewStudent] = useState(false);

  useWrongLinkAlert();
  useEffect(() => {
    if (hasShownGoogleError.current) return;
    hasShownGoogleError.current = true;
    // spec 1 §8: a failed Google sign-in comes back with its error code.
    const googleError = params.get('googleError');
    if (googleError) showAlert(googleErrorMessage(googleError), 'danger');
    if (params.get('google') === 'unavailable') showAlert(GOOGLE_UNAVAILABLE, 'danger');
  }, [params, showAlert]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsedEmail = emailSchema.safeParse(email);
    const next = {
      email: parsedEmail.success ? undefined : parsedEmail.error.issues[0]?.message,
      password: password ? undefined : ACCOUNT_MESSAGES.passwordRequired,
    };
    setErrors(next);
    if (next.email || next.password || !parsedEmail.success) return;
    const result = await run(() =>
      apiRequest<MeResponse>('/api/auth/login', {
        method: 'POST',
        json: { email: parsedEmail.data, password } satisfies LoginRequest,
      }),
    );
    if (!result?.user) return;
    setUser(result.user);
    navigate(result.user.isVerified ? '/home' : '/verify', { replace: true });
  }

  const isOu = campus.id === 'ou';
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  if (isLinkMethod) {
    return (
      <AuthCard
        title={isNewStudent ? 'Create your account' : 'Get a sign-in link'}
        subtitle={
          isNewStudent
            ? 'No account uses this e-mail yet. Enter your name and we will e-mail you a link that creates your account and signs you in.'
            : 'We will e-mail you a link that signs you in.'
        }
      >
        <EmailLinkForm initialEmail={email} onNeedsNames={() => setIsNewStudent(true)} />
        <p className="auth-card__footer">
          Have a password? <Link to={`/login${query}`}>Log In</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Log In">
      <form className="form" onSubmit={submit} noValidate>
        <EmailField value={email} error={errors.email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={ACCOUNT_LIMITS.passwordMax}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={isPending}>
          {isPending ? 'Please wait…' : 'Continue'}
        </button>
      </form>
      {/* spec 1 §2: the reset link and 'Continue without password' are shown only on the OU site. */}
      {isOu && (
        <div className="auth-card__links">
          <Link to={`/forgotpassword${query}`}>Forgot password?</Link>
          <Link to={`/login?method=noPassword${query ? `&${query.slice(1)}` : ''}`}>Continue without password</Link>
        </div>
      )}
      <p className="auth-card__footer">
        New here? <Link to={`/register${query}`}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
