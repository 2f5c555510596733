import { parse } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { generateSessionToken } from './session.ts';
import { sessionTokenOf } from './session-cookie.ts';

describe('sessionTokenOf', () => {
  const token = generateSessionToken();

  it('finds the token where hono/cookie finds it: first, last, among others, quoted, spaced', () => {
    for (const header of [
      `session=${token}`,
      `theme=dark; session=${token}`,
      `session=${token}; theme=dark`,
      `a=1;session=${token};b=2`,
      `a=1;  session= ${token} ;b=2`,
      `session="${token}"`,
      `xsession=other; session=${token}`,
    ]) {
      expect(sessionTokenOf(header), header).toBe(token);
      expect(parse(header, 'session').session, header).toBe(token);
    }
  });

  it('finds none without the cookie, in another cookie of a similar name, or when empty', () => {
    for (const header of [
      undefined,
      '',
      'theme=dark',
      `xsession=${token}`,
      `session_old=${token}`,
      'session=',
      'session=;a=1',
    ]) {
      expect(sessionTokenOf(header), header).toBeUndefined();
    }
  });
});
