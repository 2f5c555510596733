import type { Gender } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useAccountUpdate } from './use-account-update.ts';

const OPTIONS: { value: Gender; label: string }[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
];

/** /settings/account/gender (spec 1 §3: private; §5: 'Must select a gender', Save disabled when unchanged). */
export function GenderPage() {
  const { user } = useSession();
  const [gender, setGender] = useState<Gender | null>(user?.gender ?? null);
  const [error, setError] = useState<string | null>(null);
  const { save, isPending } = useAccountUpdate();

  function submit() {
    if (!gender) return setError(ACCOUNT_MESSAGES.genderRequired);
    setError(null);
    void save('gender', { gender });
  }

  return (
    <SettingsForm
      title="Gender"
      description="This is private and never shown on your profile."
      isSaveDisabled={gender === (user?.gender ?? null)}
      isPending={isPending}
      onSubmit={submit}
    >
      <fieldset className="choice-list">
        <legend className="field__label">Gender</legend>
        {OPTIONS.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name="gender"
              value={option.value}
              checked={gender === option.value}
              onChange={() => setGender(option.value)}
            />
            {option.label}
          </label>
        ))}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </SettingsForm>
  );
}
