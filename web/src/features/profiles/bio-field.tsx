import { ACCOUNT_LIMITS } from '@campus/shared/account-rules';
import { useId } from 'react';

/** spec 1 §5: bio up to 160 with a live 'n / 160' counter. */
export function BioField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Bio
      </label>
      <textarea
        id={id}
        className="field__input field__input--area"
        rows={4}
        maxLength={ACCOUNT_LIMITS.bioMax}
        value={value}
        placeholder="What are you studying? What do you buy and sell?"
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="field__meta">
        <span />
        <span className="field__counter">
          {value.length} / {ACCOUNT_LIMITS.bioMax}
        </span>
      </div>
    </div>
  );
}
