import { type ApiError, GENERIC_MESSAGES, isErrorEnvelope } from '@campus/shared/errors';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '@campus/shared/sync-api';

/** A failed API call, carrying the server's error list (each `msg` is shown as an alert, spec 1 §7). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: ApiError[];

  constructor(status: number, errors: ApiError[]) {
    super(errors.map((error) => error.msg).join('\n'));
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
  }
}

/**
 * An answer that is not the request's fault: the server is busy or
 * restarting, or the session needs renewing. The outbox keeps the request
 * and tries it again later.
 */
export function isTransientStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** No answer at all: the network failed (the device is offline, or the server could not be reached). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 0;
}

/** Any answer the server gave: its status, its JSON body (null when none), and whether it was replayed. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** The server replayed the answer from the Idempotency-Key's receipt (decision 013). */
  replayed: boolean;
}

/** The error an answer that is not a success stands for: the envelope's messages, read here once. */
export function toApiError(answer: ApiAnswer): ApiRequestError {
  const { status, body } = answer;
  return new ApiRequestError(
    status,
    isErrorEnvelope(body) ? body.errors : [{ code: 'http', msg: GENERIC_MESSAGES.somethingWentWrong }],
  );
}

/** What a request that got no answer throws. */
export const networkError = () =>
  new ApiRequestError(0, [{ code: 'network', msg: 'Network error. Please check your connection' }]);

const sessionEndedListeners = new Set<() => void>();

/**
 * Runs `listener` on every 401: the server no longer knows this browser's
 * session (signed out elsewhere, a password changed). The session provider
 * listens and asks who is signed in, as it does when a socket closes with
 * 4401 (decision 020); no screen handles 401 itself.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** Every answer passes here once: a 401 tells the session listeners. */
export function settle(answer: ApiAnswer): ApiAnswer {
  if (answer.status === 401) for (const listener of sessionEndedListeners) listener();
  return answer;
}

/** How long the device's time zone is taken as read: a phone that travels changes it, rarely. */
const TIME_ZONE_FRESH_MS = 60_000;
let timeZone: { name: string; readAt: number } | undefined;

/**
 * The device's IANA time zone, read at most once a minute: making an
 * Intl.DateTimeFormat for every request was ~18 ms of a phone's start-up
 * (issue 25).
 */
function deviceTimeZone(): string {
  const now = Date.now();
  if (timeZone && now - timeZone.readAt < TIME_ZONE_FRESH_MS) return timeZone.name;
  let name = '';
  try {
    name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // No Intl time zone: the server's check then goes by the address alone.
  }
  timeZone = { name, readAt: now };
  return name;
}

export type ApiInit = RequestInit & { json?: unknown; idempotencyKey?: string };

/**
 * The one place a JSON request leaves the app (STYLE.md: bulletproof-react).
 * Same-origin, cookies included. Answers whatever the server said; a network
 * failure throws an ApiRequestError with status 0.
 */
export async function apiExchange(path: string, init: ApiInit = {}): Promise<ApiAnswer> {
  const { json, idempotencyKey, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        // spec 1 §5 location gate: the server compares the device's time zone with the address's.
        'X-Time-Zone': deviceTimeZone(),
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  return settle({ status: response.status, body, replayed: response.headers.get(REPLAYED_HEADER) === 'true' });
}

/** A JSON request whose success is the result: anything else throws an ApiRequestError with the server's messages. */
export async function apiRequest<T>(path: string, init: ApiInit = {}): Promise<T> {
  const answer = await apiExchange(path, init);
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw toApiError(answer);
}
