/**
 * The public entry of the composer: the pieces the post page's edit form reuses (decision 011) and
 * the one throttled 'too many characters' alert the chat composer shares.
 */
export { CategorySelect, categoryLabel } from './category-select.tsx';
export { PostEditor } from './post-editor.tsx';
export { PriceField } from './price-field.tsx';
export { usePriceInput } from './use-price-input.ts';
export { useTooLongAlert } from './use-too-long-alert.ts';
