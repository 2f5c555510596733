import { ArcticFetchError, CodeChallengeMethod, decodeIdToken, Google, OAuth2Client, OAuth2RequestError } from 'arctic';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/** openid for the ID token, profile for the display name, email for the account match. */
const SCOPES = ['openid', 'profile', 'email'];

/** Arctic's Google provider hides its endpoints; this is the part of it the routes use. */
export interface GoogleClient {
  createAuthorizationURL(state: string, codeVerifier: string): URL;
  /** The raw ID token from the token endpoint. */
  exchangeCode(code: string, codeVerifier: string): Promise<string>;
}

/** Null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not both set. */
export function createGoogleClient(config: Config, redirectUri: string): GoogleClient | null {
  const { googleClientId: clientId, googleClientSecret: clientSecret, googleOauthBaseUrl: base } = config;
  if (!clientId || !clientSecret) return null;
  if (!base) {
    const google = new Google(clientId, clientSecret, redirectUri);
    return {
      createAuthorizationURL: (state, verifier) => google.createAuthorizationURL(state, verifier, SCOPES),
      exchangeCode: async (code, verifier) => (await google.validateAuthorizationCode(code, verifier)).idToken(),
    };
  }
  // Google's endpoints under another origin (tests' stand-in): arctic's generic
  // client runs the same PKCE and token code that `Google` wraps.
  const origin = base.replace(/\/+$/, '');
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  return {
    createAuthorizationURL: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(
        `${origin}/o/oauth2/v2/auth`,
        state,
        CodeChallengeMethod.S256,
        verifier,
        SCOPES,
      ),
    exchangeCode: async (code, verifier) =>
      (await client.validateAuthorizationCode(`${origin}/token`, code, verifier)).idToken(),
  };
}

const idTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  aud: z.union([z.string(), z.array(z.string())]),
  email: z.string().trim().optional(),
  // Google documents a boolean; older tokens carried the string "true".
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional(),
  name: z.string().optional(),
});

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  isEmailVerified: boolean;
  name: string | null;
}

/**
 * The claims of an ID token that came straight from the token endpoint over
 * TLS; OIDC Core §3.1.3.7 lets that channel stand in for the signature check
 * (arctic's decodeIdToken does not verify). The audience is still checked so
 * a token minted for another client is refused. Null when malformed.
 */
export function readIdToken(idToken: string, clientId: string): GoogleIdentity | null {
  let claims: object;
  try {
    claims = decodeIdToken(idToken);
  } catch {
    return null;
  }
  const parsed = idTokenClaimsSchema.safeParse(claims);
  if (!parsed.success) return null;
  const { sub, aud, email, email_verified: isEmailVerified, name } = parsed.data;
  if (!(Array.isArray(aud) ? aud.includes(clientId) : aud === clientId)) return null;
  return { sub, email: email || null, isEmailVerified: isEmailVerified === true, name: name ?? null };
}

/** spec 1 §8 code for a failed code exchange. */
export function exchangeErrorCode(error: unknown): 'network' | 'invalidCredential' | 'unknown' {
  if (error instanceof ArcticFetchError) return 'network';
  // invalid_grant and friends: a spent, expired or tampered code or verifier.
  if (error instanceof OAuth2RequestError) return 'invalidCredential';
  return 'unknown';
}
