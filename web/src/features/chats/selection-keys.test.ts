import { describe, expect, it } from 'vitest';
import { moveSelection } from './selection-keys.ts';

describe('moveSelection (spec 1 §4: up/down move the selection and wrap)', () => {
  it('starts at the first person going down and at the last going up', () => {
    expect(moveSelection(-1, 3, 'down')).toBe(0);
    expect(moveSelection(-1, 3, 'up')).toBe(2);
  });

  it('wraps past either end', () => {
    expect(moveSelection(2, 3, 'down')).toBe(0);
    expect(moveSelection(0, 3, 'up')).toBe(2);
    expect(moveSelection(1, 3, 'down')).toBe(2);
    expect(moveSelection(1, 3, 'up')).toBe(0);
  });

  it('selects nothing in an empty list', () => {
    expect(moveSelection(-1, 0, 'down')).toBe(-1);
    expect(moveSelection(-1, 0, 'up')).toBe(-1);
  });
});
