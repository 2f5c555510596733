import type { VerificationCheckResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES, codeSchema, type VerificationAction } from '@campus/shared/account-rules';
import { useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { CodeField } from '../../lib/forms/code-field.tsx';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { checkVerificationCode } from './api.ts';
import { SettingsForm } from './settings-form.tsx';

/** 'Enter PIN' (spec 1 §2 verify_email and verify_school_email): checks the mailed code for `action`. */
export function PinPage({
  action,
  sentTo,
  onVerified,
}: {
  action: VerificationAction;
  sentTo: string | null;
  onVerified: (result: VerificationCheckResponse) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, isPending } = useApiAction();
  const { setUser } = useSession();

  async function submit() {
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.codeIncorrect);
    setError(null);
    const result = await run(() => checkVerificationCode(action, parsed.data));
    if (!result) return;
    setUser(result.user);
    onVerified(result);
  }

  return (
    <SettingsForm
      title="Enter PIN"
      description={sentTo ? `We sent a 4-digit code to ${sentTo}. It expires after two hours.` : undefined}
      isSaveDisabled={code.length === 0}
      isPending={isPending}
      onSubmit={submit}
    >
      <CodeField value={code} error={error} onChange={setCode} />
    </SettingsForm>
  );
}
