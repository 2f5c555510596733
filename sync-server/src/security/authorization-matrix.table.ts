import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { deviceSubscription } from '../push/push.test-helpers.ts';
import { PASSWORD, photoForm, pngFile } from '../test/accounts.ts';
import { doc } from '../test/post-requests.ts';
import type { MatrixUser, Role, World } from './authorization-matrix.world.ts';

/** What a row's request sees: the world, the acting role and its user (null for the visitor), a number unique to the cell. */
export interface Cell extends World {
  role: Role;
  actor: MatrixUser | null;
  n: number;
}

interface RowRequest {
  path: string;
  /** Defaults to the route's method (GET for `ALL` routes and sockets). */
  method?: string;
  json?: unknown;
  form?: FormData;
  /** An id for the `+` / `-` expectations: the body shows it (`200+`) or must not (`200-`). */
  mark?: string;
}

export interface MatrixRow {
  kind: 'http' | 'socket';
  /** `METHOD /path` exactly as Hono lists the route (`app.routes`), or the socket path as the upgrade router lists it. */
  route: string;
  /**
   * One answer per role, space-separated, in the order visitor, unverified, notSchoolVerified,
   * otherCampus, member, owner, blocked: an exact status (`403`), a class (`2xx`), for a socket
   * `open` or the refusal's status; `+` / `-` after a status checks the row's `mark`.
   */
  expect: string;
  request(cell: Cell): RowRequest | Promise<RowRequest>;
  /**
   * Each cell gets its own world: for rows that destroy or toggle what other rows read, and for
   * `+` / `-` rows over campus-wide lists (other rows' posts would push the world's off the page).
   */
  isFresh: boolean;
  /** Tells apart several rows of one route. */
  label?: string;
}

interface RowOptions {
  fresh?: boolean;
  label?: string;
}

function pathOf(route: string): string {
  return route.slice(route.indexOf(' ') + 1);
}

/** An HTTP row; without `request` the route's own path is requested. */
function http(route: string, expect: string, request?: MatrixRow['request'], options: RowOptions = {}): MatrixRow {
  return {
    kind: 'http',
    route,
    expect,
    request: request ?? (() => ({ path: pathOf(route) })),
    isFresh: options.fresh ?? false,
    label: options.label,
  };
}

function socket(route: string, expect: string, request: MatrixRow['request'], options: RowOptions = {}): MatrixRow {
  return { kind: 'socket', route, expect, request, isFresh: options.fresh ?? false, label: options.label };
}

const fresh = { fresh: true };
let photo: Promise<File> | undefined;
async function photoUpload(field: string): Promise<FormData> {
  photo ??= pngFile('photo.png');
  const form = photoForm(await photo);
  if (field !== 'photo') {
    form.set(field, await photo);
    form.delete('photo');
  }
  return form;
}
const newPassword = { currentPassword: 'anything', newPassword: 'brand new pass', confirmPassword: 'brand new pass' };

/**
 * Every HTTP route and WebSocket path × role (issue 18). A route without a row fails the test;
 * add yours in one line, next to its neighbours. World: authorization-matrix.world.ts.
 */
// biome-ignore format: one aligned line per route, so a new route is one new line
export const MATRIX_ROWS: MatrixRow[] = [
  //   route                                      visitor unverif. notSchool otherCampus member owner blocked
  // Outside /api: dev mailbox (not mounted in production), Google sign-in, brand, files, the SPA.
  http('GET /dev/mail',                           '200 200 200 200 200 200 200'),
  http('GET /api/dev/mail',                       '200 200 200 200 200 200 200'),
  http('GET /dev/mail.css',                       '200 200 200 200 200 200 200'),
  http('GET /auth/google',                        '302 302 302 302 302 302 302'),
  http('GET /unsubscribe.css',                    '200 200 200 200 200 200 200'),
  http('GET /unsubscribe',                        '400 400 400 400 400 400 400', () => ({ path: '/unsubscribe?token=not-a-token' })),
  http('GET /unsubscribe',                        '200 200 200 200 200 200 200', (c) => ({ path: `/unsubscribe?token=${c.unsubscribeToken}` }), { fresh: true, label: "the owner's own link: the token, not the session, decides" }),
  http('POST /unsubscribe',                       '400 400 400 400 400 400 400', () => ({ path: '/unsubscribe?token=not-a-token' })),
  http('POST /unsubscribe',                       '200 200 200 200 200 200 200', (c) => ({ path: `/unsubscribe?token=${c.unsubscribeToken}` }), { fresh: true, label: "the unsubscribe page's button: the token, not the session, decides" }),
  http('GET /auth/google/callback',               '302 302 302 302 302 302 302'),
  http('GET /auth/site-handoff',                  '302 302 302 302 302 302 302', () => ({ path: '/auth/site-handoff?campus=ut' })),
  http('GET /auth/site-handoff',                  '404 404 404 404 404 404 404', () => ({ path: '/auth/site-handoff?campus=nowhere' }), { label: 'a school not in the catalogue' }),
  http('GET /manifest.webmanifest',               '200 200 200 200 200 200 200'),
  http('GET /brand/:campusId/logo.svg',           '200 200 200 200 200 200 200', () => ({ path: '/brand/ou/logo.svg' })),
  http('GET /brand/:campusId/brand.css',          '200 200 200 200 200 200 200', () => ({ path: '/brand/ou/brand.css' })),
  http('GET /brand/:campusId/:icon{icon-(maskable-)?(192|512)\\.png}', '200 200 200 200 200 200 200', () => ({ path: '/brand/ou/icon-192.png' })),
  http('ALL /media/*',                            '200 200 200 200 200 200 200', (c) => ({ path: c.mediaPath })),
  http('ALL /assets/*',                           '200 200 200 200 200 200 200', () => ({ path: '/assets/app.js' })),
  http('GET /*',                                  '200 200 200 200 200 200 200', () => ({ path: '/home' })),
  http('ALL /api/*',                              '404 404 404 404 404 404 404', () => ({ path: '/api/no-such-route' })),
  // Campus and accounts.
  http('GET /api/health',                         '200 200 200 200 200 200 200'),
  http('GET /api/campus',                         '200 200 200 200 200 200 200'),
  http('GET /api/campus/about',                   '200 200 200 200 200 200 200'),
  http('GET /api/campus/new-members',             '200 200 200 200 200 200 200'),
  http('GET /api/campuses/search',                '200 200 200 200 200 200 200', () => ({ path: '/api/campuses/search?q=texas' })),
  http('GET /api/campuses/:campusId',             '200 200 200 200 200 200 200', () => ({ path: '/api/campuses/ut' })),
  http('POST /api/users/email-check',             '200 200 200 200 200 200 200', (c) => ({ path: '/api/users/email-check', json: { email: c.users.owner.email } })),
  http('GET /api/auth/me',                        '200 200 200 200 200 200 200'),
  http('GET /api/auth/location',                  '200 200 200 200 200 200 200'),
  http('POST /api/auth/register',                 '409 409 409 409 409 409 409', (c) => ({ path: '/api/auth/register', json: { name: 'Emily Carter', email: c.users.owner.email, password: PASSWORD, terms: true } })),
  http('POST /api/auth/login',                    '200 200 200 200 200 200 200', (c) => ({ path: '/api/auth/login', json: { email: c.passwordUser.email, password: PASSWORD } })),
  http('POST /api/auth/logout',                   '200 200 200 200 200 200 200'),
  http('POST /api/auth/sign-in-link',             '200 200 200 200 200 200 200', (c) => ({ path: '/api/auth/sign-in-link', json: { email: `link${c.n}@ou.edu`, first: 'Link', last: 'Student' } })),
  http('POST /api/auth/sign-in-link',             '422 422 422 422 422 422 422', (c) => ({ path: '/api/auth/sign-in-link', json: { email: `link${c.n}@ou.edu` } }), { label: 'a new e-mail without names' }),
  http('POST /api/auth/sign-in-link',             '200 200 200 200 200 200 200', (c) => ({ path: '/api/auth/sign-in-link', json: { email: (c.actor ?? c.bystander).email } }), { label: 'an e-mail with an account' }),
  http('POST /api/auth/sign-in-link/complete',    '400 400 400 400 400 400 400', (c) => ({ path: '/api/auth/sign-in-link/complete', json: { email: c.users.owner.email, token: 'not-a-token' } })),
  http('POST /api/auth/claim-link',               '200 200 200 200 200 200 200', (c) => ({ path: '/api/auth/claim-link', json: { username: c.users.unverified.username } }), { fresh: true }),
  http('POST /api/auth/claim-link',               '409 409 409 409 409 409 404', (c) => ({ path: '/api/auth/claim-link', json: { username: c.users.owner.username } }), { label: 'a verified account' }),
  http('POST /api/auth/claim-link',               '404 404 404 404 404 404 404', (c) => ({ path: '/api/auth/claim-link', json: { username: c.users.otherCampus.username } }), { label: "another campus's account" }),
  http('POST /api/auth/password-reset',           '200 200 200 200 200 200 200', (c) => ({ path: '/api/auth/password-reset', json: { email: (c.actor ?? c.bystander).email } })),
  http('POST /api/auth/password-reset/complete',  '400 400 400 400 400 400 400', () => ({ path: '/api/auth/password-reset/complete', json: { token: 'not-a-token', password: 'brand new pass' } })),
  http('POST /api/auth/site-handoff',             '400 400 400 400 400 400 400', () => ({ path: '/api/auth/site-handoff', json: { token: 'not-a-token' } })),
  http('POST /api/verification/send',             '401 200 200 200 200 200 200', () => ({ path: '/api/verification/send', json: { action: 'verify user' } })),
  http('POST /api/verification/check',            '401 400 400 400 400 400 400', () => ({ path: '/api/verification/check', json: { action: 'verify user', code: '0000' } })),
  http('PUT /api/account/username',               '401 200 200 200 200 200 200', (c) => ({ path: '/api/account/username', json: { username: c.actor?.username ?? 'visitor' } })),
  http('PUT /api/account/phone',                  '401 200 200 200 200 200 200', () => ({ path: '/api/account/phone', json: { phone: '(405) 555-0100' } })),
  http('PUT /api/account/gender',                 '401 200 200 200 200 200 200', () => ({ path: '/api/account/gender', json: { gender: 'other' } })),
  http('PUT /api/account/birth-date',             '401 200 200 200 200 200 200', () => ({ path: '/api/account/birth-date', json: { month: 1, day: 2, year: 2003 } })),
  http('PUT /api/account/password',               '401 200 200 200 200 200 200', () => ({ path: '/api/account/password', json: newPassword })),
  http('PUT /api/account/profile',                '401 200 200 200 200 200 200', () => ({ path: '/api/account/profile', json: { bio: 'Junior' } })),
  http('POST /api/account/photo',                 '401 200 200 200 200 200 200', async () => ({ path: '/api/account/photo', form: await photoUpload('photo') })),
  // Posts, comments, saves. `mark` is the owner's post.
  http('GET /api/posts/feed',                     '200+ 200+ 200+ 200+ 200+ 200+ 200-', (c) => ({ path: '/api/posts/feed', mark: c.post }), fresh),
  http('GET /api/posts/media',                    '403 403 403 200+ 200+ 200+ 200-', (c) => ({ path: '/api/posts/media', mark: c.post }), fresh),
  http('POST /api/posts',                         '401 403 403 403 201 201 201', () => ({ path: '/api/posts', json: { text: doc('Desk lamp') } })),
  http('GET /api/posts/:id',                      '200 200 200 200 200 200 404', (c) => ({ path: `/api/posts/${c.post}` })),
  http('PATCH /api/posts/:id',                    '401 403 403 403 403 200 403', (c) => ({ path: `/api/posts/${c.post}`, json: { price: 5 } })),
  http('DELETE /api/posts/:id',                   '401 403 403 403 403 200 403', (c) => ({ path: `/api/posts/${c.post}` }), fresh),
  http('POST /api/posts/:id/comments',            '401 403 403 403 201 201 404', (c) => ({ path: `/api/posts/${c.post}/comments`, json: { text: doc('Is it still there?') } })),
  http('PUT /api/posts/:id/save',                 '401 403 403 403 200 200 404', (c) => ({ path: `/api/posts/${c.post}/save` }), fresh),
  http('DELETE /api/posts/:id/save',              '401 403 403 403 200 200 404', (c) => ({ path: `/api/posts/${c.post}/save` }), fresh),
  http('GET /api/posts/:id',                      '200 200 200 200 200 404 200', (c) => ({ path: `/api/posts/${c.blockedPost}` }), { label: "the blocked member's post" }),
  http('GET /api/posts/feed',                     '200+ 200+ 200+ 200+ 200+ 200- 200+', (c) => ({ path: '/api/posts/feed', mark: c.blockedPost }), { fresh: true, label: "the blocked member's post" }),
  http('GET /api/posts/:id',                      '200 200 200 200 200 200 200', (c) => ({ path: `/api/posts/${c.comment}` }), { label: "the member's comment on it: the member's own words" }),
  http('GET /api/posts/:id/likes',                '200 200 200 200 200 200 404', (c) => ({ path: `/api/posts/${c.post}/likes` })),
  http('GET /api/saved',                          '401 200- 200- 200- 200+ 200- 200-', (c) => ({ path: '/api/saved', mark: c.post })),
  // People: blocks, reports, search, profiles. The target is the owner.
  http('PUT /api/users/:id/block',                '401 403 403 403 200 422 200', (c) => ({ path: `/api/users/${c.users.owner.id}/block` }), fresh),
  http('DELETE /api/users/:id/block',             '401 403 403 403 200 422 200', (c) => ({ path: `/api/users/${c.users.owner.id}/block` }), fresh),
  http('GET /api/blocks',                         '401 200- 200- 200- 200- 200+ 200-', (c) => ({ path: '/api/blocks', mark: c.users.blocked.id })),
  http('POST /api/users/:id/report',              '401 403 403 403 201 422 201', (c) => ({ path: `/api/users/${c.users.owner.id}/report`, json: { reason: 'Spam' } })),
  // Search (decision 035): a private campus's searchers are school-verified, guests of other schools too; blocks hide both ways.
  http('GET /api/search',                         '401 403 403 200+ 200+ 200+ 200-', (c) => ({ path: `/api/search?q=${c.users.owner.first_name}`, mark: c.post })),
  http('GET /api/search',                         '401 403 403 200+ 200+ 200+ 200-', (c) => ({ path: `/api/search?show=people&q=${c.users.owner.first_name}`, mark: c.users.owner.id }), { label: 'people' }),
  http('GET /api/search/suggest',                 '401 403 403 200+ 200+ 200+ 200-', (c) => ({ path: `/api/search/suggest?q=${c.users.owner.first_name}`, mark: c.post })),
  http('GET /api/search/popular',                 '401 403 403 200 200 200 200'),
  http('POST /api/search/popular',                '401 403 403 200 200 200 200', (c) => ({ path: '/api/search/popular', json: { q: c.users.owner.first_name } })),
  http('GET /api/users/search',                   '401 403 403 403 200+ 200- 200-', (c) => ({ path: `/api/users/search?q=${c.users.owner.first_name}`, mark: c.users.owner.id })),
  http('GET /api/profiles/:username',             '200 200 200 200 200 200 200', (c) => ({ path: `/api/profiles/${c.users.owner.username}` })),
  http('GET /api/profiles/:username/:tab{posts|photos|replies|likes}', '200+ 200+ 200+ 200+ 200+ 200+ 200-', (c) => ({ path: `/api/profiles/${c.users.owner.username}/posts`, mark: c.post })),
  http('GET /api/profiles/:username/:tab{posts|photos|replies|likes}', '200+ 200+ 200+ 200+ 200+ 200+ 200-', (c) => ({ path: `/api/profiles/${c.users.member.username}/likes`, mark: c.post }), { label: "the member's likes" }),
  // Chats: `chat` is the owner's with the member.
  http('GET /api/chats',                          '401 200- 200- 200- 200+ 200+ 200-', (c) => ({ path: '/api/chats', mark: c.chat })),
  http('POST /api/chats',                         '401 403 403 403 200 422 403', (c) => ({ path: '/api/chats', json: { userId: c.users.owner.id } })),
  http('GET /api/chats/:id',                      '401 404 404 404 200 200 404', (c) => ({ path: `/api/chats/${c.chat}` })),
  http('GET /api/chats/:id/recent',               '401 404 404 404 200 200 404', (c) => ({ path: `/api/chats/${c.chat}/recent` })),
  http('GET /api/chats/:id/recent',               '401 404 404 404 404 404 404', (c) => ({ path: `/api/chats/${c.blockedChat}/recent` }), { label: 'a chat the owner blocked' }),
  http('DELETE /api/chats/:id',                   '401 404 404 404 200 200 404', (c) => ({ path: `/api/chats/${c.chat}` }), fresh),
  http('GET /api/chats/:id',                      '401 404 404 404 404 404 404', (c) => ({ path: `/api/chats/${c.blockedChat}` }), { label: 'a chat the owner blocked' }),
  http('DELETE /api/chats/:id',                   '401 404 404 404 404 200 200', (c) => ({ path: `/api/chats/${c.blockedChat}` }), { fresh: true, label: 'a chat the owner blocked: either member may remove it' }),
  // Notifications: `notification` is the owner's, of the member's comment.
  http('GET /api/notifications',                  '401 200- 200- 200- 200- 200+ 200-', (c) => ({ path: '/api/notifications', mark: c.notification })),
  http('GET /api/notifications/unread',           '401 200 200 200 200 200 200'),
  http('POST /api/notifications/read',            '401 200 200 200 200 200 200', (c) => ({ path: '/api/notifications/read', json: { ids: [c.notification] } }), fresh),
  // Web push (decision 034): the key is public; a subscription needs a session, not membership.
  http('GET /api/push/key',                       '200 200 200 200 200 200 200'),
  http('POST /api/push/subscriptions',            '401 201 201 201 201 201 201', () => ({ path: '/api/push/subscriptions', json: deviceSubscription() })),
  http('DELETE /api/push/subscriptions',          '401 204 204 204 204 204 204', () => ({ path: '/api/push/subscriptions', json: { endpoint: deviceSubscription().endpoint } })),
  http('PUT /api/account/email-notifications',    '401 200 200 200 200 200 200', () => ({ path: '/api/account/email-notifications', json: { emailNotifications: false } })),
  http('POST /api/notifications/unsubscribe',     '400 400 400 400 400 400 400', () => ({ path: '/api/notifications/unsubscribe?token=not-a-token' })),
  http('POST /api/notifications/unsubscribe',     '200 200 200 200 200 200 200', (c) => ({ path: `/api/notifications/unsubscribe?token=${c.unsubscribeToken}` }), { fresh: true, label: "the owner's own link: the token, not the session, decides" }),
  // Uploads.
  http('POST /api/uploads',                       '401 403 403 403 201 201 201', async () => ({ path: '/api/uploads', form: await photoUpload('file') })),
  http('DELETE /api/uploads/:id',                 '401 404 404 404 404 204 404', (c) => ({ path: `/api/uploads/${c.upload}` }), fresh),
  // Boosts (decisions 040, 041): `ad` is the owner's running ad of `post`; anyone else's is 'Ad not found'.
  http('GET /api/ads',                            '401 403 403 403 200- 200+ 200-', (c) => ({ path: '/api/ads', mark: c.ad })),
  http('GET /api/ads/feed',                       '200+ 200+ 200+ 200+ 200+ 200+ 200-', (c) => ({ path: '/api/ads/feed', mark: c.ad })),
  http('GET /api/ads/:id/analytics',              '401 403 403 403 404 200 404', (c) => ({ path: `/api/ads/${c.ad}/analytics` })),
  http('POST /api/posts/:id/analytics',           '204 204 204 204 204 204 404', (c) => ({ path: `/api/posts/${c.post}/analytics`, json: { actionType: 'view', pageViewId: `pv${c.n}` } })),
  http('GET /api/ads/funds',                      '401 403 403 403 200 200 200'),
  http('GET /api/payments',                       '401 403 403 403 200- 200+ 200-', (c) => ({ path: '/api/payments', mark: c.ad })),
  http('POST /api/ads',                           '401 403 403 403 404 409 404', (c) => ({ path: '/api/ads', json: { postId: c.post, goal: 'message', days: 2 } })),
  http('GET /api/ads/:id',                        '401 403 403 403 404 200 404', (c) => ({ path: `/api/ads/${c.ad}` })),
  http('PATCH /api/ads/:id',                      '401 403 403 403 404 200 404', (c) => ({ path: `/api/ads/${c.ad}`, json: { title: 'Spring sale' } })),
  http('DELETE /api/ads/:id',                     '401 403 403 403 404 204 404', (c) => ({ path: `/api/ads/${c.ad}` }), fresh),
  http('POST /api/ads/:id/pause',                 '401 403 403 403 404 200 404', (c) => ({ path: `/api/ads/${c.ad}/pause` }), fresh),
  http('POST /api/ads/:id/resume',                '401 403 403 403 404 409 404', (c) => ({ path: `/api/ads/${c.ad}/resume` })),
  http('POST /api/ads/:id/stop',                  '401 403 403 403 404 200 404', (c) => ({ path: `/api/ads/${c.ad}/stop` }), fresh),
  http('POST /api/ads/checkout/:sessionId/confirm', '401 403 403 403 404 200 404', (c) => ({ path: `/api/ads/checkout/${c.adSession}/confirm` })),
  http('DELETE /api/ads/checkout/:sessionId',     '401 403 403 403 404 409 404', (c) => ({ path: `/api/ads/checkout/${c.adSession}` })),
  // Test mode (no Stripe keys): no webhook; the checkout page's address is the capability, like Stripe's.
  http('POST /api/payments/stripe/webhook',       '404 404 404 404 404 404 404', () => ({ path: '/api/payments/stripe/webhook', json: {} })),
  http('GET /checkout/test.css',                  '200 200 200 200 200 200 200'),
  http('GET /checkout/test/:sessionId',           '404 404 404 404 404 404 404', (c) => ({ path: `/checkout/test/${c.adSession}` })),
  http('POST /checkout/test/:sessionId/pay',      '404 404 404 404 404 404 404', (c) => ({ path: `/checkout/test/${c.adSession}/pay` })),
  http('POST /checkout/test/:sessionId/cancel',   '404 404 404 404 404 404 404', (c) => ({ path: `/checkout/test/${c.adSession}/cancel` })),
  // WebSockets (the upgrade router's paths).
  socket(SYNC_SOCKET_PATH,                        '401 open open open open open open', () => ({ path: SYNC_SOCKET_PATH })),
  socket(`${CHAT_SOCKET_PREFIX}:chatId`,          '401 404 404 404 open open 404', (c) => ({ path: `${CHAT_SOCKET_PREFIX}${c.chat}` })),
  socket(`${CHAT_SOCKET_PREFIX}:chatId`,          '401 404 404 404 404 403 403', (c) => ({ path: `${CHAT_SOCKET_PREFIX}${c.blockedChat}` }), { label: 'a chat the owner blocked' }),
];
