import { menuKeyAction } from '../../lib/menu-keys.ts';

/**
 * The header box's combobox (WAI-ARIA APG combobox with a listbox popup; decision 038) as a pure
 * reducer: what is typed, whether the popup shows, and which option is active (-1: none, Enter
 * then searches the typed words). Kept apart from React so every key is tested without a DOM.
 */
export interface ComboboxState {
  query: string;
  isOpen: boolean;
  active: number;
}

export type ComboboxAction =
  | { type: 'focused' }
  | { type: 'typed'; query: string }
  /** ArrowDown / ArrowUp over `count` options: open the popup, or move and wrap. */
  | { type: 'arrow'; key: 'ArrowDown' | 'ArrowUp'; count: number }
  | { type: 'hovered'; index: number }
  /** The options changed (an answer came, a recent search went): nothing is active. */
  | { type: 'options-changed' }
  /** First Escape closes the popup, a second clears the words. */
  | { type: 'escape' }
  /** Tab, a click elsewhere, or a search made. */
  | { type: 'closed' }
  | { type: 'searched' };

export const INITIAL_COMBOBOX: ComboboxState = { query: '', isOpen: false, active: -1 };

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'focused':
      return state.isOpen ? state : { ...state, isOpen: true, active: -1 };
    case 'typed':
      return { query: action.query, isOpen: true, active: -1 };
    case 'arrow': {
      // A closed popup opens at its first option (Down) or its last (Up), as the APG allows.
      const from = state.isOpen ? state.active : -1;
      const move = menuKeyAction(action.key, from, action.count);
      return { ...state, isOpen: true, active: move?.type === 'focus' ? move.index : -1 };
    }
    case 'hovered':
      return state.isOpen ? { ...state, active: action.index } : state;
    case 'options-changed':
      return state.active === -1 ? state : { ...state, active: -1 };
    case 'escape':
      return state.isOpen ? { ...state, isOpen: false, active: -1 } : { ...state, query: '' };
    case 'closed':
      return state.isOpen ? { ...state, isOpen: false, active: -1 } : state;
    case 'searched':
      return INITIAL_COMBOBOX;
  }
}

/** What Enter does: the active option, else the typed words (trimmed), else nothing (spec 2 §2: an empty query is ignored). */
export function enterChoice<T>(
  state: ComboboxState,
  options: readonly T[],
): { kind: 'option'; option: T } | { kind: 'text'; text: string } | null {
  const option = state.isOpen && state.active >= 0 ? options[state.active] : undefined;
  if (option !== undefined) return { kind: 'option', option };
  const text = state.query.trim();
  return text ? { kind: 'text', text } : null;
}
