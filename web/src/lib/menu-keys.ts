/**
 * What a key does in an open menu (WAI-ARIA menu button pattern): arrows move
 * and wrap, Home and End jump, Escape closes and gives focus back to the
 * button, Tab closes and lets focus move on. Kept apart from the hook so the
 * rules are tested without a DOM.
 */
export type MenuKeyAction = { type: 'focus'; index: number } | { type: 'close' } | { type: 'leave' } | null;

export function menuKeyAction(key: string, current: number, count: number): MenuKeyAction {
  if (key === 'Escape') return { type: 'close' };
  if (key === 'Tab') return { type: 'leave' };
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: current < 0 ? 0 : (current + 1) % count };
    case 'ArrowUp':
      return { type: 'focus', index: current < 0 ? count - 1 : (current - 1 + count) % count };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: count - 1 };
    default:
      return null;
  }
}

/**
 * Which item an arrow key on the menu's button opens it at. Enter and Space
 * are the button's own click, which opens it at the first item too.
 */
export function openingFocus(key: string): 'first' | 'last' | null {
  if (key === 'ArrowDown') return 'first';
  if (key === 'ArrowUp') return 'last';
  return null;
}
