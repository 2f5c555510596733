import {
  birthDateRequestSchema,
  emailNotificationsRequestSchema,
  genderRequestSchema,
  passwordChangeRequestSchema,
  phoneRequestSchema,
  profileRequestSchema,
  usernameRequestSchema,
} from '@campus/shared/account-requests';
import { emailCheckRequestSchema, loginRequestSchema, registerRequestSchema } from '@campus/shared/account-rules';
import { createAdRequestSchema, renameAdRequestSchema, trackAnalyticsRequestSchema } from '@campus/shared/ad-requests';
import { startChatRequestSchema } from '@campus/shared/chat-requests';
import {
  claimLinkRequestSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  signInLinkCompleteSchema,
  signInLinkRequestSchema,
} from '@campus/shared/email-link-rules';
import { markNotificationsReadRequestSchema } from '@campus/shared/notifications-requests';
import {
  createCommentRequestSchema,
  createPostRequestSchema,
  updatePostRequestSchema,
} from '@campus/shared/post-requests';
import { POST_CATEGORIES } from '@campus/shared/post-rules';
import { pushSubscriptionRequestSchema, removePushSubscriptionRequestSchema } from '@campus/shared/push-requests';
import { reportUserRequestSchema } from '@campus/shared/report-requests';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { countSearchRequestSchema } from '@campus/shared/search-requests';
import { siteHandoffCompleteSchema } from '@campus/shared/site-handoff-requests';
import { verificationCheckRequestSchema, verificationSendRequestSchema } from '@campus/shared/verification-requests';
import type { z } from 'zod';
import { deviceSubscription } from '../push/push.test-helpers.ts';
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
  'GET /api/campuses/search': { query: ['q'] },
  'GET /api/campuses/:campusId': { params: { campusId: 'campus' } },
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
  'POST /api/auth/password-reset': { body: passwordResetRequestSchema, valid: (w) => [{ email: w.member.email }] },
  'POST /api/auth/password-reset/complete': {
    body: passwordResetCompleteSchema,
    valid: () => [{ token: 'a'.repeat(40), password: 'secret123' }],
  },
  'POST /api/auth/site-handoff': { body: siteHandoffCompleteSchema, valid: () => [{ token: 'a'.repeat(40) }] },
  'POST /api/verification/send': {
    body: verificationSendRequestSchema,
    valid: () => [
      { action: 'verify user' },
      { action: 'verify school', email: `fuzz${unique().replace(/\W/g, '')}@ou.edu` },
      { action: 'change email', email: `fuzz${unique()}@gmail.com` },
    ],
  },
  'POST /api/verification/check': {
    body: verificationCheckRequestSchema,
    valid: () => [{ action: 'verify user', code: '1234' }],
    refusalWrites: { verification_codes: 'a wrong code counts an attempt against the code' },
  },
  'PUT /api/account/username': {
    body: usernameRequestSchema,
    valid: () => [{ username: `fuzz_${unique()}` }],
  },
  'PUT /api/account/phone': { body: phoneRequestSchema, valid: () => [{ phone: '+1 (405) 555-0100' }] },
  'PUT /api/account/gender': { body: genderRequestSchema, valid: () => [{ gender: 'female' }] },
  'PUT /api/account/email-notifications': {
    body: emailNotificationsRequestSchema,
    valid: () => [{ emailNotifications: false }, { emailNotifications: true }],
  },
  'PUT /api/account/birth-date': { body: birthDateRequestSchema, valid: () => [{ month: 2, day: 29, year: 2000 }] },
  'PUT /api/account/password': {
    body: passwordChangeRequestSchema,
    valid: (w) => [{ currentPassword: w.password, newPassword: w.password, confirmPassword: w.password }],
    slow: true,
  },
  'PUT /api/account/profile': {
    body: profileRequestSchema,
    valid: () => [{ firstName: 'Fuzz', lastName: 'T.', bio: 'Selling books.' }],
  },
  'POST /api/account/photo': {},
  'GET /api/posts/feed': { query: ['cursor', 'limit'] },
  'GET /api/posts/media': { query: ['cursor'] },
  'POST /api/posts': {
    body: createPostRequestSchema,
    valid: (w) => [
      { text: text('Desk lamp, barely used'), price: 15, category: POST_CATEGORIES[0] },
      { clientId: crypto.randomUUID(), text: text(`Bike ${w.member.username}`), category: null, price: null },
    ],
  },
  'GET /api/posts/:id': { params: { id: 'post' } },
  'PATCH /api/posts/:id': {
    params: { id: 'post' },
    body: updatePostRequestSchema,
    valid: () => [{ text: text('Lamp, now cheaper'), price: 10, isSold: true }, { category: null }],
  },
  'DELETE /api/posts/:id': { params: { id: 'post' } },
  'POST /api/posts/:id/comments': {
    params: { id: 'post' },
    body: createCommentRequestSchema,
    valid: () => [{ text: text('Is it still available?') }],
  },
  'PUT /api/posts/:id/save': { params: { id: 'post' } },
  'DELETE /api/posts/:id/save': { params: { id: 'post' } },
  'GET /api/posts/:id/likes': { params: { id: 'post' }, query: ['cursor'] },
  'GET /api/saved': { query: ['cursor'] },
  'PUT /api/users/:id/block': { params: { id: 'user' } },
  'DELETE /api/users/:id/block': { params: { id: 'user' } },
  'GET /api/blocks': {},
  'POST /api/users/:id/report': {
    params: { id: 'user' },
    body: reportUserRequestSchema,
    valid: () => [{ reason: 'Spam' }],
  },
  'GET /api/users/search': { query: ['q'] },
  'GET /api/search': { query: ['q', 'show', 'page', 'category', 'minPrice', 'maxPrice', 'available', 'sort'] },
  'GET /api/search/suggest': { query: ['q'] },
  'GET /api/search/popular': {},
  'POST /api/search/popular': {
    body: countSearchRequestSchema,
    valid: (w) => [{ q: 'bike' }, { q: w.member.first_name }],
  },
  'GET /api/chats': { query: ['cursor'] },
  'POST /api/chats': { body: startChatRequestSchema, valid: (w) => [{ userId: w.other.id }] },
  'GET /api/chats/:id': { params: { id: 'chat' } },
  'GET /api/chats/:id/recent': { params: { id: 'chat' } },
  'DELETE /api/chats/:id': { params: { id: 'chat' } },
  'GET /api/notifications': { query: ['cursor'] },
  'GET /api/notifications/unread': {},
  'POST /api/notifications/read': {
    body: markNotificationsReadRequestSchema,
    valid: (w) => [{ ids: [w.other.id] }, { ids: ['no-such-notification'] }],
  },
  'GET /api/push/key': {},
  'POST /api/push/subscriptions': {
    body: pushSubscriptionRequestSchema,
    valid: () => [deviceSubscription()],
  },
  'DELETE /api/push/subscriptions': {
    body: removePushSubscriptionRequestSchema,
    valid: () => [{ endpoint: deviceSubscription().endpoint }],
  },
  // The token is the authority (decision 033); the fuzz's tokens are never signed, so each is a 400.
  'POST /api/notifications/unsubscribe': { query: ['token'] },
  'GET /api/profiles/:username': { params: { username: 'username' } },
  'GET /api/profiles/:username/:tab{posts|photos|replies|likes}': {
    params: { username: 'username', tab: 'tab' },
    query: ['cursor'],
  },
  'POST /api/uploads': {},
  'GET /api/ads': { query: ['postId'] },
  'GET /api/ads/feed': {},
  'GET /api/ads/:id/analytics': { params: { id: 'post' } },
  'POST /api/posts/:id/analytics': {
    params: { id: 'post' },
    body: trackAnalyticsRequestSchema,
    valid: () => [{ actionType: 'view', pageViewId: `pv-${unique()}` }],
  },
  'GET /api/ads/funds': {},
  'GET /api/payments': {},
  // The fuzz's ids are posts of the world, not the member's own: generated bodies reach validation and the owner check.
  'POST /api/ads': { body: createAdRequestSchema },
  'GET /api/ads/:id': { params: { id: 'post' } },
  'PATCH /api/ads/:id': {
    params: { id: 'post' },
    body: renameAdRequestSchema,
    valid: () => [{ title: 'Spring sale' }],
  },
  'DELETE /api/ads/:id': { params: { id: 'post' } },
  'POST /api/ads/:id/pause': { params: { id: 'post' } },
  'POST /api/ads/:id/resume': { params: { id: 'post' } },
  'POST /api/ads/:id/stop': { params: { id: 'post' } },
  'POST /api/ads/checkout/:sessionId/confirm': { params: { sessionId: 'post' } },
  'DELETE /api/ads/checkout/:sessionId': { params: { sessionId: 'post' } },
  // Test mode has no webhook (404); the Stripe path's signature checks are in ads/ads.error.test.ts.
  'POST /api/payments/stripe/webhook': {},
  'DELETE /api/uploads/:id': { params: { id: 'upload' } },
};

/** Routes outside /api that answer pages, files or redirects, not JSON: not fuzzed here. */
export const NOT_JSON_ROUTES: Record<string, string> = {
  'ALL /*': 'app-wide middleware (request log, headers, campus by host)',
  'GET /dev/mail': 'the dev mailbox page (HTML)',
  'GET /dev/mail.css': 'the dev mailbox stylesheet',
  'GET /auth/google': 'a browser redirect to Google',
  'GET /unsubscribe': 'the unsubscribe page a notification e-mail links to (HTML): it asks',
  'POST /unsubscribe': "the unsubscribe page's button (a form post, HTML)",
  'GET /unsubscribe.css': 'the unsubscribe page stylesheet',
  'GET /auth/google/callback': 'a browser redirect back from Google',
  'GET /auth/site-handoff': "a browser redirect to another campus's site (decision 042)",
  'GET /manifest.webmanifest': 'the campus manifest (static per host)',
  'GET /brand/:campusId/logo.svg': 'an image',
  'GET /brand/:campusId/brand.css': 'a stylesheet',
  'GET /brand/:campusId/:icon{icon-(maskable-)?(192|512)\\.png}': 'an image',
  'ALL /media/*': 'uploaded files',
  'ALL /assets/*': 'built web assets',
  'GET /*': 'the SPA shell',
  'GET /checkout/test.css': 'the test-mode checkout stylesheet',
  'GET /checkout/test/:sessionId': 'the test-mode checkout page (HTML)',
  'POST /checkout/test/:sessionId/pay': "the test-mode checkout's Pay button (a form post, redirect)",
  'POST /checkout/test/:sessionId/cancel': "the test-mode checkout's Cancel button (a form post, redirect)",
};
