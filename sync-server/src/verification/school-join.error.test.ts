import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';

// spec 1 §5 'Enter a valid school email'; what a local part may hold is docs/decisions/022.
describe("'verify school' refuses addresses that are not a school's", () => {
  it.each([
    '.alex@ou.edu',
    'alex.@ou.edu',
    'alex..rivera@ou.edu',
    'alex rivera@ou.edu',
    'alex"r@ou.edu',
    'alex@rivera@ou.edu',
    '@ou.edu',
    'alex.rivera@ou.edu.evil.com',
    'alex.rivera@evil-ou.edu',
    `${'a'.repeat(65)}@ou.edu`,
  ])('%s: "Enter a valid school email", nothing mailed', async (email) => {
    const app = await createTestApp();
    const student = await createUser(app.db, { school_verified: 0, school_email: null });
    const session = await app.signInAs(student.id);
    const response = await app.request('/api/verification/send', { session, json: { action: 'verify school', email } });
    await expectError(response, 422, 'Enter a valid school email', 'email');
    expect(await app.mails()).toEqual([]);
  });
});
