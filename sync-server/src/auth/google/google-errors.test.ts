import { googleErrorMessage } from '@campus/shared/google-errors';
import { describe, expect, it } from 'vitest';

describe('googleErrorMessage (spec 1 §8 Google sign-in)', () => {
  it.each([
    ['network', 'Network error. Please check your connection'],
    ['cancelled', 'Error: Sign-in process was canceled'],
    ['differentCredential', 'Error: Account already exists with different credentials'],
    ['invalidCredential', 'Error: Invalid credentials'],
    ['disabled', 'Error: That account has been disabled'],
    ['notFound', 'Error: User email not found'],
    ['wrongPassword', 'Error: Incorrect password'],
    ['unknown', 'Unknown Error Signing In with Google'],
    ['flow', 'Error Signing In with Google.'],
    ['banned', 'Account has been banned'],
  ])('%s → %j', (code, message) => {
    expect(googleErrorMessage(code)).toBe(message);
  });

  it.each(['', 'nonsense', 'toString', '__proto__', 'constructor'])('%j → the default message', (code) => {
    expect(googleErrorMessage(code)).toBe('Unknown Error Signing In with Google');
  });
});
