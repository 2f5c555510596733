import { describe, expect, it } from 'vitest';
import { fullNameError, splitFullName } from './account-rules.ts';
import { linkFullName, linkNameErrors, signInLinkRequestSchema } from './email-link-rules.ts';

describe('link names follow the sign-up form (spec 1 §5, decision 026)', () => {
  it.each([
    ['', 'Carter', { first: 'Full name is required' }],
    ['Emily', ' ', { last: 'Full name is required' }],
    ['E', 'Carter', { first: 'Name is Invalid' }],
    ["'E", 'Carter', { first: 'Name is Invalid' }],
    ['Emily', 'C', { last: 'Name is Invalid' }],
    ['Em1ly', 'Carter', { first: 'Your Name is Invalid.' }],
    ['Emily', 'Carter-Smith', { last: 'Your Name is Invalid.' }],
    ['Mary Ann', "van O'Dyke", {}],
    ['Émilie', 'Zoë', {}],
  ])('%j %j', (first, last, errors) => {
    expect(linkNameErrors(first, last)).toEqual(errors);
  });

  it('names that pass make a full name the sign-up form accepts, stored as sign-up stores it', () => {
    // Every pair of names up to 3 characters over letters, an apostrophe, a space, a digit and a hyphen.
    const alphabet = ['a', 'B', 'é', "'", ' ', '1', '-'];
    let names = [''];
    for (let length = 1, layer = ['']; length <= 3; length++) {
      layer = layer.flatMap((prefix) => alphabet.map((character) => prefix + character));
      names = names.concat(layer);
    }
    let passed = 0;
    for (const first of names) {
      for (const last of names) {
        const fullName = linkFullName(first, last);
        const errors = linkNameErrors(first, last);
        if (errors.first || errors.last) {
          if (fullName !== null) throw new Error(`${first}|${last} has errors but a full name`);
        } else if (fullName === null || fullNameError(fullName) !== null) {
          throw new Error(`${first}|${last} passes the link rules but not sign-up's`);
        } else passed += 1;
      }
    }
    expect(passed).toBeGreaterThan(0);
    expect(splitFullName(linkFullName('Mary Ann', "van O'Dyke") ?? '')).toEqual({ firstName: 'Mary', lastName: 'O.' });
  });

  it('the request takes names together, or none', () => {
    expect(signInLinkRequestSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    const onlyFirst = signInLinkRequestSchema.safeParse({ email: 'a@b.co', first: 'Emily' });
    expect(onlyFirst.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['last', 'Full name is required'],
    ]);
  });
});
