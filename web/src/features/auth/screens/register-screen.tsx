import { ACCOUNT_LIMITS, emailSchema, fullNameError } from '@campus/shared/account-rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { EmailField } from '../../../lib/forms/email-field.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { register } from '../api.ts';
import { AuthCard, useWrongLinkAlert } from './auth-card.tsx';

/**
 * /register (spec 1 §2, §5): name, e-mail, password and terms; the button waits
 * for all four. ?redirect=true (a bad e-mail link) says 'Failed: Wrong Email.'.
 */
export function RegisterScreen() {
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const { run, isPending } = useApiAction();
  const { setUser } = useSession();
  const navigate = useNavigate();
  useWrongLinkAlert();
  const isComplete = name.trim() !== '' && email.trim() !== '' && password !== '' && hasAcceptedTerms;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsedEmail = emailSchema.safeParse(email);
    const next = {
      name: fullNameError(name) ?? undefined,
      email: parsedEmail.success ? undefined : parsedEmail.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.name || next.email) return;
    const result = await run(() => register({ name, email, password, terms: hasAcceptedTerms }));
    if (!result?.user) return;
    setUser(result.user);
    navigate('/verify', { replace: true }); // spec 1 §4: after sign-up the user goes to /verify
  }

  return (
    <AuthCard title="Create your account" subtitle="Join the marketplace for students on your campus.">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Full name"
          autoComplete="name"
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField value={email} error={errors.email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.passwordMax}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={hasAcceptedTerms}
            onChange={(event) => setHasAcceptedTerms(event.target.checked)}
          />
          <span>
            I agree to the <Link to="/settings/terms">Terms of Service</Link> and{' '}
            <Link to="/settings/privacy">Privacy Policy</Link>.
          </span>
        </label>
        <button type="submit" className="button button--primary button--block" disabled={!isComplete || isPending}>
          {isPending ? 'Creating account…' : 'Sign Up'}
        </button>
      </form>
      <p className="auth-card__footer">
        Have an account? <Link to={`/login${email ? `?email=${encodeURIComponent(email)}` : ''}`}>Log In</Link>
      </p>
    </AuthCard>
  );
}
