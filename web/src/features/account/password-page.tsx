import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../lib/forms/text-field.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useAccountUpdate } from './use-account-update.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** spec 1 §5 password change, checked in the spec's order. */
function passwordErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  if (!values.currentPassword) return { currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired };
  if (!values.newPassword) return { newPassword: ACCOUNT_MESSAGES.newPasswordRequired };
  if (!values.confirmPassword) return { confirmPassword: ACCOUNT_MESSAGES.confirmPasswordRequired };
  if (values.newPassword !== values.confirmPassword) return { confirmPassword: ACCOUNT_MESSAGES.passwordsDoNotMatch };
  if (values.newPassword.length < ACCOUNT_LIMITS.passwordMin)
    return { newPassword: ACCOUNT_MESSAGES.passwordTooShortSettings };
  return {};
}

/** /settings/account/password, with the 'Forgot password' link to /forgotpassword. */
export function PasswordPage() {
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { save, isPending } = useAccountUpdate();

  async function submit() {
    const found = passwordErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await save('password', values)) setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
  }

  function field(name: Field, label: string, autoComplete: string) {
    return (
      <TextField
        label={label}
        type="password"
        autoComplete={autoComplete}
        maxLength={ACCOUNT_LIMITS.passwordMax}
        value={values[name]}
        error={errors[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
    );
  }

  return (
    <SettingsForm title="Change your password" isSaveDisabled={false} isPending={isPending} onSubmit={submit}>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      <Link to="/forgotpassword" className="settings-page__link">
        Forgot password
      </Link>
    </SettingsForm>
  );
}
