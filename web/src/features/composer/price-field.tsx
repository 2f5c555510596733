/** Price in whole US dollars (spec 2 §5): digits only, at most six. Used by the composer and the post edit form. */
export function PriceField({ value, onChange }: { value: string; onChange: (price: string) => void }) {
  return (
    <label className="field composer__price">
      <span className="field__label">Price ($)</span>
      <input
        className="field__input"
        inputMode="numeric"
        placeholder="0"
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
    </label>
  );
}
