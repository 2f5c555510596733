import { ACCOUNT_MESSAGES, emailSchema } from '@campus/shared/account-rules';
import type { VerificationSendRequest } from '@campus/shared/verification-requests';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/session-context.tsx';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { SettingsForm } from './settings-form.tsx';

/** /settings/account/email (spec 1 §5): a code goes to the new address; verify_email applies it. */
export function EmailPage() {
  const { user } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  async function submit() {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.emailInvalid);
    if (parsed.data.toLowerCase() === user?.email.toLowerCase()) return setError(ACCOUNT_MESSAGES.newEmailSame);
    setError(null);
    const sent = await run(() =>
      apiRequest('/api/verification/send', {
        method: 'POST',
        json: { action: 'change email', email: parsed.data } satisfies VerificationSendRequest,
      }),
    );
    if (!sent) return;
    showAlert(ACCOUNT_MESSAGES.emailSent, 'okay');
    navigate(`/settings/account/verify_email?email=${encodeURIComponent(parsed.data)}`);
  }

  return (
    <SettingsForm
      title="Change email"
      description={`Your sign-in e-mail is ${user?.email ?? ''}.`}
      isSaveDisabled={email.trim() === ''}
      isPending={isPending}
      onSubmit={submit}
    >
      <EmailField label="New email" value={email} error={error} onChange={setEmail} />
    </SettingsForm>
  );
}
