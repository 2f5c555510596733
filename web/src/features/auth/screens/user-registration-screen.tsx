import { ACCOUNT_MESSAGES, emailSchema } from '@campus/shared/account-rules';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCampus } from '../../../app/campus/campus-context.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { EmailField } from '../../../lib/forms/email-field.tsx';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { GoogleMark } from '../../../lib/google-mark.tsx';
import { checkEmail } from '../api.ts';
import { AuthCard } from './auth-card.tsx';

/** /user_registration: one e-mail box that decides between /login and /register (spec 1 §2). */
export function UserRegistrationScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, isPending } = useApiAction();
  const navigate = useNavigate();
  // Only when this server has a Google client (issue 39 item 8).
  const { googleSignInAvailable } = useCampus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.emailInvalid);
    setError(null);
    const result = await run(async () => {
      try {
        return await checkEmail(parsed.data);
      } catch (caught) {
        // spec 1 §5: a check that could not be made says so; refusals (a banned address) keep their text.
        if (caught instanceof ApiRequestError && (caught.status === 0 || caught.status >= 500)) {
          throw new ApiRequestError(caught.status, [
            { code: 'email_check_failed', msg: ACCOUNT_MESSAGES.emailCheckFailed },
          ]);
        }
        throw caught;
      }
    });
    if (result) navigate(`${result.exists ? '/login' : '/register'}?email=${encodeURIComponent(parsed.data)}`);
  }

  return (
    <AuthCard title="Log In or Sign Up" subtitle="Use your school account to buy and sell on campus.">
      {googleSignInAvailable && (
        <>
          <a className="button button--outline button--block" href="/auth/google">
            <GoogleMark />
            Continue with Google
          </a>
          <p className="auth-card__divider">or</p>
        </>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <EmailField value={email} error={error} onChange={setEmail} />
        <button type="submit" className="button button--primary button--block" disabled={isPending}>
          {isPending ? 'Checking…' : 'Continue'}
        </button>
      </form>
    </AuthCard>
  );
}
