import { CATEGORIES } from '@campus/shared/categories';
import { SelectField } from '../../lib/forms/select-field.tsx';

/** How a category reads in a picker: the spec's words, capitalised. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** spec 2 §9 categories ('all' is a filter, not something to post in). */
const OPTIONS = CATEGORIES.filter((category) => category !== 'all').map((category) => ({
  value: category,
  label: categoryLabel(category),
}));

export function CategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <SelectField label="Category" value={value} options={OPTIONS} onChange={onChange} />;
}
