import { describe, expect, it } from 'vitest';
import {
  type ComboboxAction,
  type ComboboxState,
  comboboxReducer,
  enterChoice,
  INITIAL_COMBOBOX,
} from './combobox-state.ts';

function run(actions: ComboboxAction[], from: ComboboxState = INITIAL_COMBOBOX): ComboboxState {
  return actions.reduce(comboboxReducer, from);
}

const down = (count: number): ComboboxAction => ({ type: 'arrow', key: 'ArrowDown', count });
const up = (count: number): ComboboxAction => ({ type: 'arrow', key: 'ArrowUp', count });

describe('the header box combobox (decision 038)', () => {
  it('opens on focus with nothing active, and typing keeps it open with nothing active', () => {
    expect(run([{ type: 'focused' }])).toEqual({ query: '', isOpen: true, active: -1 });
    expect(run([{ type: 'focused' }, down(3), { type: 'typed', query: 'bik' }])).toEqual({
      query: 'bik',
      isOpen: true,
      active: -1,
    });
  });

  it('moves down and up over the options and wraps at both ends (spec 1 §2: up, down)', () => {
    const open = run([{ type: 'focused' }]);
    expect(run([down(3)], open).active).toBe(0);
    expect(run([down(3), down(3), down(3)], open).active).toBe(2);
    expect(run([down(3), down(3), down(3), down(3)], open).active).toBe(0);
    expect(run([up(3)], open).active).toBe(2);
    expect(run([down(3), up(3)], open).active).toBe(2);
    expect(run([down(0)], open).active).toBe(-1);
  });

  it('opens a closed popup at its first option on Down and its last on Up', () => {
    const closed = run([{ type: 'focused' }, { type: 'escape' }]);
    expect(closed.isOpen).toBe(false);
    expect(run([down(4)], closed)).toMatchObject({ isOpen: true, active: 0 });
    expect(run([up(4)], closed)).toMatchObject({ isOpen: true, active: 3 });
  });

  it('closes on the first Escape and clears the words on the second', () => {
    const typed = run([{ type: 'focused' }, { type: 'typed', query: 'desk' }, down(2)]);
    const once = comboboxReducer(typed, { type: 'escape' });
    expect(once).toEqual({ query: 'desk', isOpen: false, active: -1 });
    expect(comboboxReducer(once, { type: 'escape' })).toEqual({ query: '', isOpen: false, active: -1 });
  });

  it('forgets the active option when the list changes, and on close', () => {
    const active = run([{ type: 'focused' }, down(3), down(3)]);
    expect(comboboxReducer(active, { type: 'options-changed' }).active).toBe(-1);
    expect(comboboxReducer(active, { type: 'closed' })).toEqual({ query: '', isOpen: false, active: -1 });
  });

  it('follows the mouse only while open', () => {
    expect(run([{ type: 'focused' }, { type: 'hovered', index: 2 }]).active).toBe(2);
    expect(run([{ type: 'hovered', index: 2 }]).active).toBe(-1);
  });

  it('starts afresh after a search', () => {
    const active = run([{ type: 'focused' }, { type: 'typed', query: 'lamp' }, down(1)]);
    expect(comboboxReducer(active, { type: 'searched' })).toEqual(INITIAL_COMBOBOX);
  });
});

describe('what Enter does', () => {
  const options = ['a', 'b', 'c'];

  it('picks the active option', () => {
    const state = run([{ type: 'focused' }, { type: 'typed', query: 'x' }, down(3), down(3)]);
    expect(enterChoice(state, options)).toEqual({ kind: 'option', option: 'b' });
  });

  it('searches the typed words, trimmed, when no option is active or the popup is closed', () => {
    expect(enterChoice(run([{ type: 'typed', query: '  mini fridge ' }]), options)).toEqual({
      kind: 'text',
      text: 'mini fridge',
    });
    const closed = run([{ type: 'typed', query: 'lamp' }, down(3), { type: 'escape' }]);
    expect(enterChoice(closed, options)).toEqual({ kind: 'text', text: 'lamp' });
  });

  it('does nothing for empty words (spec 2 §2: an empty query is ignored)', () => {
    expect(enterChoice(run([{ type: 'typed', query: '   ' }]), options)).toBeNull();
  });
});
