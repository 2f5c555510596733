import { TextField } from './text-field.tsx';

/** The 4-digit verification code (spec 1 §5): digits only, one-time-code autofill on phones. */
export function CodeField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Verification code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      className="field__input field__input--code"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}
