import { type InputHTMLAttributes, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The spec's message for this field, shown under it and announced. */
  error?: string | null;
  /** Shows 'n / max' under the field (spec 1 §5 bio counter). */
  showCounter?: boolean;
}

/** A labelled input with its error and optional counter, wired for screen readers. */
export function TextField({ label, error, showCounter, maxLength, value, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <div className="field__meta">
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        {showCounter && maxLength !== undefined && (
          <span className="field__counter">
            {String(value ?? '').length} / {maxLength}
          </span>
        )}
      </div>
    </div>
  );
}
