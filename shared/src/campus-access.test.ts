import { describe, expect, it } from 'vitest';
import { canReadGatedContent } from './campus-access.ts';

const schoolVerified = { isVerified: true, isSchoolVerified: true };

describe('canReadGatedContent', () => {
  it('lets anyone read a public campus, visitors included', () => {
    expect(canReadGatedContent('public', null)).toBe(true);
    expect(canReadGatedContent('public', { isVerified: false, isSchoolVerified: false })).toBe(true);
  });

  it('lets only school-verified users read a private campus', () => {
    expect(canReadGatedContent('private', schoolVerified)).toBe(true);
    expect(canReadGatedContent('private', null)).toBe(false);
    expect(canReadGatedContent('private', { isVerified: true, isSchoolVerified: false })).toBe(false);
    expect(canReadGatedContent('private', { isVerified: false, isSchoolVerified: true })).toBe(false);
  });
});
