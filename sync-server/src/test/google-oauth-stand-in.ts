import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { onTestFinished } from 'vitest';

/** Who "signs in at Google" next; 'cancel' presses Cancel on the consent screen. */
export type StandInIdentity = { sub: string; email?: string; email_verified?: boolean; name?: string } | 'cancel';

export interface GoogleStandInOptions {
  clientId: string;
  clientSecret: string;
  /** The registered redirect URIs; Google refuses any other. */
  redirectUris: readonly string[];
  identity?: StandInIdentity;
}

export interface GoogleStandIn {
  baseUrl: string;
  setIdentity(identity: StandInIdentity): void;
  /** The `error` of every refused token request, in order (to tell which check failed). */
  tokenErrors: string[];
  close(): Promise<void>;
}

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  identity: Exclude<StandInIdentity, 'cancel'>;
  expiresAt: number;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** HS256 over the client secret, the OIDC rule for symmetric ID-token signatures. */
function signJwt(payload: object, secret: string): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${base64url(createHmac('sha256', secret).update(signingInput).digest())}`;
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)), the challenge arctic sent. */
function s256(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** client_secret_basic (arctic sends it) or client_secret_post, as Google accepts both. */
function clientCredentials(request: IncomingMessage, form: URLSearchParams): { id: string; secret: string } {
  const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Google's OAuth 2.0 + OpenID Connect endpoints, as much as arctic uses: the
 * authorization endpoint (answering as if the person consented at once) and
 * the token endpoint with PKCE. A real HTTP server on a free loopback port,
 * closed when the test ends.
 */
export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  let identity: StandInIdentity = options.identity ?? { sub: '1', email: 'user@gmail.com', email_verified: true };
  const codes = new Map<string, IssuedCode>();
  const tokenErrors: string[] = [];
  let baseUrl = '';

  function authorize(url: URL, response: ServerResponse): void {
    const query = url.searchParams;
    const redirectUri = query.get('redirect_uri') ?? '';
    // Google shows its own error page, never a redirect, for an unknown client or redirect URI.
    if (query.get('client_id') !== options.clientId || !options.redirectUris.includes(redirectUri)) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Error 400: redirect_uri_mismatch');
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    const scopes = (query.get('scope') ?? '').split(' ');
    const codeChallenge = query.get('code_challenge') ?? '';
    const isPkce = query.get('code_challenge_method') === 'S256' && /^[\w-]{43}$/.test(codeChallenge);
    if (query.get('response_type') !== 'code' || !scopes.includes('openid') || !scopes.includes('email') || !isPkce) {
      back.searchParams.set('error', 'invalid_request');
    } else if (identity === 'cancel') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = base64url(randomBytes(24));
      codes.set(code, { redirectUri, codeChallenge, identity, expiresAt: Date.now() + 600_000 });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() }).end();
  }

  function refuse(response: ServerResponse, status: number, error: string): void {
    tokenErrors.push(error);
    sendJson(response, status, { error });
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return refuse(response, 400, 'invalid_request');
    const form = new URLSearchParams(await readBody(request));
    const client = clientCredentials(request, form);
    if (client.id !== options.clientId || client.secret !== options.clientSecret)
      return refuse(response, 401, 'invalid_client');
    if (form.get('grant_type') !== 'authorization_code') return refuse(response, 400, 'unsupported_grant_type');
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // A code is spent by its first use, right or wrong: a verifier cannot be guessed at leisure.
    codes.delete(code);
    if (!issued || issued.expiresAt < Date.now() || issued.redirectUri !== form.get('redirect_uri'))
      return refuse(response, 400, 'invalid_grant');
    if (s256(form.get('code_verifier') ?? '') !== issued.codeChallenge) return refuse(response, 400, 'invalid_grant');
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: baseUrl, aud: options.clientId, azp: options.clientId, iat: now, exp: now + 3600 };
    sendJson(response, 200, {
      access_token: base64url(randomBytes(24)),
      id_token: signJwt({ ...claims, ...issued.identity }, options.clientSecret),
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/token') {
      token(request, response).catch(() => sendJson(response, 500, { error: 'server_error' }));
      return;
    }
    sendJson(response, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the stand-in has no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;

  let closed: Promise<void> | undefined;
  function close(): Promise<void> {
    closed ??= new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    return closed;
  }
  onTestFinished(close);
  function setIdentity(next: StandInIdentity): void {
    identity = next;
  }
  return { baseUrl, setIdentity, tokenErrors, close };
}
