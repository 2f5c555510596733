import { ACCOUNT_MESSAGES, emailSchema } from '@campus/shared/account-rules';
import {
  LINK_NAME_MAX,
  type LinkNameErrors,
  type LinkSentResponse,
  linkNameErrors,
  type SignInLinkRequest,
} from '@campus/shared/email-link-rules';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { EmailField } from '../../../lib/forms/email-field.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { EMAIL_FOR_SIGN_IN_KEY } from './email-link-storage.ts';

/** The server's answer for a new e-mail without names: both name fields are required. */
function asksForNames(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && error.errors.some((item) => item.field === 'first' || item.field === 'last')
  );
}

/**
 * /login?method=noPassword (spec 1 §2, §7; decision 026): mails a sign-in
 * link. An e-mail with no account asks for first and last name, checked by
 * the sign-up form's rules, and the link then registers the student.
 */
export function EmailLinkForm({ initialEmail, onNeedsNames }: { initialEmail: string; onNeedsNames(): void }) {
  const [email, setEmail] = useState(initialEmail);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [needsNames, setNeedsNames] = useState(false);
  const [errors, setErrors] = useState<LinkNameErrors & { email?: string }>({});
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsedEmail = emailSchema.safeParse(email);
    const next = {
      email: parsedEmail.success ? undefined : parsedEmail.error.issues[0]?.message,
      ...(needsNames ? linkNameErrors(first, last) : {}),
    };
    setErrors(next);
    if (!parsedEmail.success || next.email || next.first || next.last) return;
    const names: Pick<SignInLinkRequest, 'first' | 'last'> = needsNames
      ? { first: first.trim(), last: last.trim() }
      : {};
    const outcome = await run(async () => {
      try {
        await apiRequest<LinkSentResponse>('/api/auth/sign-in-link', {
          method: 'POST',
          json: { email: parsedEmail.data, ...names } satisfies SignInLinkRequest,
        });
        return 'sent' as const;
      } catch (error) {
        if (!needsNames && asksForNames(error)) return 'needs names' as const;
        throw error;
      }
    });
    if (outcome === 'needs names') {
      setNeedsNames(true);
      onNeedsNames();
      return;
    }
    if (outcome !== 'sent') return;
    localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, parsedEmail.data);
    showAlert(ACCOUNT_MESSAGES.linkEmailSent, 'okay');
    navigate(`/login/sent?${new URLSearchParams({ email: parsedEmail.data, ...names })}`);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <EmailField value={email} error={errors.email} onChange={setEmail} />
      {needsNames && (
        <>
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={LINK_NAME_MAX}
            value={first}
            error={errors.first}
            onChange={(event) => {
              setFirst(event.target.value);
              setErrors(({ first: _, ...rest }) => rest);
            }}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={LINK_NAME_MAX}
            value={last}
            error={errors.last}
            onChange={(event) => {
              setLast(event.target.value);
              setErrors(({ last: _, ...rest }) => rest);
            }}
          />
        </>
      )}
      <button type="submit" className="button button--primary button--block" disabled={isPending}>
        {isPending ? 'Please wait…' : 'Continue'}
      </button>
    </form>
  );
}
