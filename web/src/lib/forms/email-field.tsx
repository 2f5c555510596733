import { TextField } from './text-field.tsx';

/** The e-mail input every sign-in and settings form uses. */
export function EmailField({
  label = 'Email',
  value,
  error,
  onChange,
}: {
  label?: string;
  value: string;
  error?: string | null | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
