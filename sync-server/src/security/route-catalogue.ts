import {
  emailCheckRequestSchema,
  loginRequestSchema,
  phoneSchema,
  registerRequestSchema,
  usernameSchema,
} from '@campus/shared/account-rules';
import {
  claimLinkRequestSchema,
  signInLinkCompleteSchema,
  signInLinkRequestSchema,
} from '@campus/shared/email-link-rules';
import { markNotificationsReadRequestSchema } from '@campus/shared/notifications-requests';
import { POST_CATEGORIES } from '@campus/shared/post-rules';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { z } from 'zod';
import { birthDateSchema, genderSchema, passwordChangeSchema } from '../account/account.routes.ts';
import { profileSchema } from '../account/profile.routes.ts';
import { resetCompleteSchema, resetRequestSchema } from '../auth/email-link.routes.ts';
import { startChatSchema } from '../chats/chats.routes.ts';
import { createCommentSchema } from '../comments/comments.routes.ts';
import { createPostSchema, updatePostSchema } from '../posts/post-item.routes.ts';
import { reportSchema } from '../reports/reports.routes.ts';
import { checkSchema, sendSchema } from '../verification/verification.routes.ts';
import type { FuzzWorld, ParamKind } from './fuzz-world.ts';

export interface RouteFuzzEntry {
  /** The zod schema the route reads its JSON body with; bodies are generated from it. */
  body?: z.ZodType;
  /** Bodies the route accepts in this world, so the fuzz reaches the write paths too. */
  valid?: (world: FuzzWorld) => unknown[];
  /** Which of the world's ids each path parameter takes (odd values are always mixed in). */
  params?: Record<string, ParamKind>;
  /** Query parameters the route reads. */
  query?: string[];
  /** Tables a refused request may still write, each with its reason (e.g. a failed check counted). */
  refusalWrites?: Record<string, string>;
  /** Hashes a password (argon2id): fewer runs keep the file fast. */
  slow?: boolean;
}

const text = (value: string) => plainTextToRichText(value);
let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

/**
 * Every JSON route of the app, keyed 'METHOD /path' as `app.routes` lists it.
 * route-fuzz.test.ts fails when the app has an /api route missing here, so a
 * new route gets fuzzed: add its line (`'GET /api/x/:id': { params: { id: 'post' } }`).
 */
export const ROUTE_CATALOGUE: Record<string, RouteFuzzEntry> = {
  'GET /api/health': {},
  'GET /api/campus': {},
  'GET /api/campus/about': {},
  'GET /api/campus/new-members': { query: ['cursor'] },
  'GET /api/dev/mail': { query: ['to'] },
  'POST /api/users/email-check': { body: emailCheckRequestSchema, valid: (w) => [{ email: w.member.email }] },
  'GET /api/auth/me': {},
  'GET /api/auth/location': {},
  'POST /api/auth/register': {
    body: registerRequestSchema,
    valid: () => [{ name: 'Fuzz Tester', email: `fuzz${unique()}@gmail.com`, password: 'secret123', terms: true }],
    slow: true,
  },
  'POST /api/auth/login': {
    body: loginRequestSchema,
    valid: (w) => [{ email: w.member.email, password: w.password }],
    slow: true,
  },
  'POST /api/auth/logout': {},
  'POST /api/auth/sign-in-link': {
    body: signInLinkRequestSchema,
    valid: (w) => [{ email: w.member.email, first: 'Fuzz', last: 'Tester' }],
  },
  'POST /api/auth/sign-in-link/complete': {
    body: signInLinkCompleteSchema,
    valid: (w) => [{ email: w.member.email, token: 'a'.repeat(40), first: 'Fuzz', last: 'Tester' }],
  },
  'POST /api/auth/claim-link': { body: claimLinkRequestSchema, valid: (w) => [{ username: w.member.username }] },
  'POST /api/auth/password-reset': { body: resetRequestSchema, valid: (w) => [{ email: w.member.email }] },
  'POST /api/auth/password-reset/complete': {
    body: resetCompleteSchema,
    valid: () => [{ token: 'a'.repeat(40), password: 'secret123' }],
  },
  'POST /api/verification/send': {
    body: sendSchema,
    valid: () => [
      { action: 'verify user' },
      { action: 'verify school', email: `fuzz${unique().replace(/\W/g, '')}@ou.edu` },
      { action: 'change email', email: `fuzz${unique()}@gmail.com` },
    ],
  },
  'POST /api/verification/check': {
    body: checkSchema,
    valid: () => [{ action: 'verify user', code: '1234' }],
    refusalWrites: { verification_codes: 'a wrong code counts an attempt against the code' },
  },
  'PUT /api/account/username': {
    body: z.object({ username: usernameSchema }),
    valid: () => [{ username: `fuzz_${unique()}` }],
  },
  'PUT /api/account/phone': { body: z.object({ phone: phoneSchema }), valid: () => [{ phone: '+1 (405) 555-0100' }] },
  'PUT /api/account/gender': { body: genderSchema, valid: () => [{ gender: 'female' }] },
  'PUT /api/account/birth-date': { body: birthDateSchema, valid: () => [{ month: 2, day: 29, year: 2000 }] },
  'PUT /api/account/password': {
    body: passwordChangeSchema,
    valid: (w) => [{ currentPassword: w.password, newPassword: w.password, confirmPassword: w.password }],
    slow: true,
  },
  'PUT /api/account/profile': {
    body: profileSchema,
    valid: () => [{ firstName: 'Fuzz', lastName: 'T.', bio: 'Selling books.' }],
  },
  'POST /api/account/photo': {},
  'GET /api/posts/feed': { query: ['cursor', 'limit'] },
  'GET /api/posts/media': { query: ['cursor'] },
  'POST /api/posts': {
    body: createPostSchema,
    valid: (w) => [
      { text: text('Desk lamp, barely used'), price: 15, category: POST_CATEGORIES[0] },
      { clientId: crypto.randomUUID(), text: text(`Bike ${w.member.username}`), category: null, price: null },
    ],
  },
  'GET /api/posts/:id': { params: { id: 'post' } },
  'PATCH /api/posts/:id': {
    params: { id: 'post' },
    body: updatePostSchema,
    valid: () => [{ text: text('Lamp, now cheaper'), price: 10, isSold: true }, { category: null }],
  },
  'DELETE /api/posts/:id': { params: { id: 'post' } },
  'POST /api/posts/:id/comments': {
    params: { id: 'post' },
    body: createCommentSchema,
    valid: () => [{ text: text('Is it still available?') }],
  },
  'PUT /api/posts/:id/save': { params: { id: 'post' } },
  'DELETE /api/posts/:id/save': { params: { id: 'post' } },
  'GET /api/posts/:id/likes': { params: { id: 'post' }, query: ['cursor'] },
  'GET /api/saved': { query: ['cursor'] },
  'PUT /api/users/:id/block': { params: { id: 'user' } },
  'DELETE /api/users/:id/block': { params: { id: 'user' } },
  'GET /api/blocks': {},
  'POST /api/users/:id/report': { params: { id: 'user' }, body: reportSchema, valid: () => [{ reason: 'Spam' }] },
  'GET /api/users/search': { query: ['q'] },
  'GET /api/chats': { query: ['cursor'] },
  'POST /api/chats': { body: startChatSchema, valid: (w) => [{ userId: w.other.id }] },
  'GET /api/chats/:id': { params: { id: 'chat' } },
  'GET /api/chats/:id/recent': { params: { id: 'chat' } },
  'DELETE /api/chats/:id': { params: { id: 'chat' } },
  'GET /api/notifications': { query: ['cursor'] },
  'GET /api/notifications/unread': {},
  'POST /api/notifications/read': {
    body: markNotificationsReadRequestSchema,
    valid: (w) => [{ ids: [w.other.id] }, { ids: ['no-such-notification'] }],
  },
  'GET /api/profiles/:username': { params: { username: 'username' } },
  'GET /api/profiles/:username/:tab{posts|photos|replies|likes}': {
    params: { username: 'username', tab: 'tab' },
    query: ['cursor'],
  },
  'POST /api/uploads': {},
  'DELETE /api/uploads/:id': { params: { id: 'upload' } },
};

/** Routes outside /api that answer pages, files or redirects, not JSON: not fuzzed here. */
export const NOT_JSON_ROUTES: Record<string, string> = {
  'ALL /*': 'app-wide middleware (request log, headers, campus by host)',
  'GET /dev/mail': 'the dev mailbox page (HTML)',
  'GET /dev/mail.css': 'the dev mailbox stylesheet',
  'GET /auth/google': 'a browser redirect to Google',
  'GET /auth/google/callback': 'a browser redirect back from Google',
  'GET /manifest.webmanifest': 'the campus manifest (static per host)',
  'GET /brand/:campusId/logo.svg': 'an image',
  'GET /brand/:campusId/:icon{icon-(maskable-)?(192|512)\\.png}': 'an image',
  'ALL /media/*': 'uploaded files',
  'ALL /assets/*': 'built web assets',
  'GET /*': 'the SPA shell',
};
