import { describe, expect, it } from 'vitest';
import { menuKeyAction, openingFocus } from './menu-keys.ts';

describe('menuKeyAction (WAI-ARIA menu button keys)', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(menuKeyAction('ArrowDown', 0, 4)).toEqual({ type: 'focus', index: 1 });
    expect(menuKeyAction('ArrowDown', 3, 4)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('ArrowUp', 2, 4)).toEqual({ type: 'focus', index: 1 });
    expect(menuKeyAction('ArrowUp', 0, 4)).toEqual({ type: 'focus', index: 3 });
  });

  it('starts at the first or the last item when focus is on none of them', () => {
    expect(menuKeyAction('ArrowDown', -1, 4)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('ArrowUp', -1, 4)).toEqual({ type: 'focus', index: 3 });
  });

  it('jumps with Home and End', () => {
    expect(menuKeyAction('Home', 2, 4)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('End', 1, 4)).toEqual({ type: 'focus', index: 3 });
  });

  it('closes on Escape (focus goes back to the button) and leaves on Tab', () => {
    expect(menuKeyAction('Escape', 1, 4)).toEqual({ type: 'close' });
    expect(menuKeyAction('Tab', 1, 4)).toEqual({ type: 'leave' });
    expect(menuKeyAction('Escape', -1, 0)).toEqual({ type: 'close' });
  });

  it('ignores other keys, and arrows in an empty menu', () => {
    expect(menuKeyAction('a', 1, 4)).toBeNull();
    expect(menuKeyAction('Enter', 1, 4)).toBeNull();
    expect(menuKeyAction('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('openingFocus (keys on the menu button)', () => {
  it('opens at the first item on ArrowDown, at the last on ArrowUp', () => {
    expect(openingFocus('ArrowDown')).toBe('first');
    expect(openingFocus('ArrowUp')).toBe('last');
  });

  it('leaves Enter and Space to the button’s click, and other keys to the browser', () => {
    expect(openingFocus('Enter')).toBeNull();
    expect(openingFocus(' ')).toBeNull();
    expect(openingFocus('Tab')).toBeNull();
    expect(openingFocus('Escape')).toBeNull();
    expect(openingFocus('x')).toBeNull();
  });
});
