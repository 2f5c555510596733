import { usernameRequestSchema } from '@campus/shared/account-requests';
import { ACCOUNT_LIMITS } from '@campus/shared/account-rules';
import { useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useAccountUpdate } from './use-account-update.ts';

/** /settings/account/screen_name (spec 1 §5 username rules; Save disabled when unchanged). */
export function UsernamePage() {
  const { user } = useSession();
  const [username, setUsername] = useState(user?.username ?? '');
  const [error, setError] = useState<string | null>(null);
  const { save, isPending } = useAccountUpdate();

  function submit() {
    const parsed = usernameRequestSchema.safeParse({ username });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    void save('username', parsed.data);
  }

  return (
    <SettingsForm
      title="Change username"
      isSaveDisabled={username === user?.username}
      isPending={isPending}
      onSubmit={submit}
    >
      <TextField
        label="Username"
        maxLength={ACCOUNT_LIMITS.usernameMax}
        value={username}
        error={error}
        onChange={(event) => setUsername(event.target.value)}
      />
    </SettingsForm>
  );
}
