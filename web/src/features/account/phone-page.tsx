import { phoneRequestSchema } from '@campus/shared/account-requests';
import { ACCOUNT_LIMITS } from '@campus/shared/account-rules';
import { useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useAccountUpdate } from './use-account-update.ts';

/** /settings/account/phone (spec 1 §5; Save disabled when empty or unchanged). */
export function PhonePage() {
  const { user } = useSession();
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [error, setError] = useState<string | null>(null);
  const { save, isPending } = useAccountUpdate();

  function submit() {
    const parsed = phoneRequestSchema.safeParse({ phone });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    void save('phone', parsed.data);
  }

  return (
    <SettingsForm
      title="Phone"
      isSaveDisabled={phone.trim() === '' || phone === (user?.phone ?? '')}
      isPending={isPending}
      onSubmit={submit}
    >
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        maxLength={ACCOUNT_LIMITS.phoneMax}
        value={phone}
        error={error}
        onChange={(event) => setPhone(event.target.value)}
      />
    </SettingsForm>
  );
}
