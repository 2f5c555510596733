import type { MeDto, MeResponse } from '@campus/shared/account-api';
import { type ApiError, isErrorEnvelope } from '@campus/shared/errors';
import sharp from 'sharp';
import { expect } from 'vitest';
import { hashPassword } from '../auth/password.ts';
import type { InsertableUserRow } from '../db/schema.ts';
import { createUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** The password of every account made with `registerUser` or `createPasswordUser`. */
export const PASSWORD = 'correct horse';

/** The `session=` value a response set: a token, '' when it clears the cookie, null when it sent none. */
export function sessionSetBy(response: Response): string | null {
  const cookie = sessionCookieSetBy(response);
  return cookie === null ? null : (/^session=([^;]*)/.exec(cookie)?.[1] ?? '');
}

/** The whole Set-Cookie line for the session cookie, attributes included. */
export function sessionCookieSetBy(response: Response): string | null {
  return response.headers.getSetCookie().find((line) => line.startsWith('session=')) ?? null;
}

export interface RegisterInput {
  name?: string;
  email?: string;
  password?: string;
  host?: string;
}

/** Registers through the API as the /register form does; answers the user and its session token. */
export async function registerUser(app: TestApp, input: RegisterInput = {}) {
  const { host = 'ou.localhost', ...fields } = input;
  const body = { name: 'Emily Carter', email: 'emily.carter@gmail.com', password: PASSWORD, terms: true, ...fields };
  const response = await app.request('/api/auth/register', { host, json: body });
  expect(response.status).toBe(201);
  const { user } = (await response.json()) as MeResponse;
  const session = sessionSetBy(response);
  if (!user || !session) throw new Error('registration answered no user or no session');
  return { user, session, response };
}

let passwordHash: Promise<string> | undefined;

/** A user who can sign in with PASSWORD (the factory's users have no password). */
export async function createPasswordUser(app: TestApp, overrides: Partial<InsertableUserRow> = {}) {
  // One real argon2id hash per test file: hashing is deliberately slow, and a salted hash may be shared.
  passwordHash ??= hashPassword(PASSWORD);
  return createUser(app.db, { password_hash: await passwordHash, ...overrides });
}

/** GET /api/auth/me with `session` (if any). */
export async function me(app: TestApp, session?: string, host?: string): Promise<MeDto | null> {
  const response = await app.request('/api/auth/me', { session, host });
  expect(response.status).toBe(200);
  return ((await response.json()) as MeResponse).user;
}

/** The 4-digit code in the newest mail to `to`. */
export async function latestCode(app: TestApp, to: string): Promise<string> {
  const [mail] = await app.mails(to);
  if (!mail?.code) throw new Error(`no code mailed to ${to}`);
  return mail.code;
}

/** The value of `name` in the first link of the newest mail to `to`. */
export async function linkParameter(app: TestApp, to: string, name: string): Promise<string> {
  const [mail] = await app.mails(to);
  const link = mail?.links[0];
  const value = link ? new URL(link).searchParams.get(name) : null;
  if (!value) throw new Error(`no ${name} in a link mailed to ${to}`);
  return value;
}

/** Asserts a 4xx answer in the envelope `{ errors: [{ code, msg, field? }] }` and answers its errors. */
export async function errorsOf(response: Response, status: number): Promise<ApiError[]> {
  expect(response.status).toBe(status);
  const body: unknown = await response.json();
  expect(isErrorEnvelope(body)).toBe(true);
  return isErrorEnvelope(body) ? body.errors : [];
}

/** Asserts the answer carries exactly one error: `msg` (with `field` when given). */
export async function expectError(response: Response, status: number, msg: string, field?: string): Promise<void> {
  const errors = await errorsOf(response, status);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.msg).toBe(msg);
  if (field !== undefined) expect(errors[0]?.field).toBe(field);
}

/** A real PNG image, as a browser's file input would send it. */
export async function pngFile(name = 'me.png'): Promise<File> {
  const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#841617' } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

export function photoForm(file: File): FormData {
  const form = new FormData();
  form.set('photo', file);
  return form;
}
