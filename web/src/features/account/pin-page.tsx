import type { VerificationCheckResponse } from '@campus/shared/account-api';
import type { VerificationAction } from '@campus/shared/account-rules';
import { CodeField } from '../../lib/forms/code-field.tsx';
import { useCodeCheck } from '../auth/index.ts';
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
  const { code, setCode, error, check, isPending } = useCodeCheck(action);

  async function submit() {
    const result = await check();
    if (result) onVerified(result);
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
