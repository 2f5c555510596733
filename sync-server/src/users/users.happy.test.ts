import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { insertUserWithFreeUsername, isUniqueViolation } from './users.repository.ts';

function account(email: string) {
  return { campusId: 'ou', firstName: 'Emily', lastName: 'C.', email, passwordHash: null, isVerified: false };
}

describe('insertUserWithFreeUsername (spec 1 §5 numeric suffixes)', () => {
  it('gives simultaneous sign-ups of one name distinct usernames instead of failing', async () => {
    const { db } = await createTestApp();
    const users = await Promise.all(
      [1, 2, 3, 4, 5].map((index) => insertUserWithFreeUsername(db, account(`emily${index}@gmail.com`), 'emilyc', '')),
    );
    expect(users.map((user) => user.username).sort()).toEqual(['emilyc', 'emilyc2', 'emilyc3', 'emilyc4', 'emilyc5']);
  });

  it('tells the e-mail index from the username column when a unique constraint fails', async () => {
    const { db } = await createTestApp();
    await insertUserWithFreeUsername(db, account('emily@gmail.com'), 'emilyc', '');
    const error = await insertUserWithFreeUsername(db, account('EMILY@gmail.com'), 'emilyc', '').catch(
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(error, 'users.username')).toBe(false);
    expect(isUniqueViolation(new Error('users_email_unique'), 'users_email_unique')).toBe(false);
  });
});
