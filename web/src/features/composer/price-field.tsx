import { PRICE_INPUT_MAX } from '@campus/shared/price';
import { useId } from 'react';

/**
 * Price in whole US dollars (spec 2 §5). Keeps what the student types ('$45',
 * '1,200', '45.00'); the shared parser reads it and a decimal is refused with
 * `error` under the field, never multiplied (docs/decisions/022). Used by the
 * composer and the post edit form.
 */
export function PriceField({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  error: string | null;
  onChange: (price: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <div className={`field composer__price${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id} className="field__label">
          Price ($)
        </label>
        <input
          id={id}
          className="field__input"
          inputMode="decimal"
          placeholder="0"
          maxLength={PRICE_INPUT_MAX}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </div>
      {error && (
        <p id={errorId} className="field__error composer__price-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
