import { type ApiError, GENERIC_MESSAGES, isErrorEnvelope } from '@campus/shared/errors';

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
 * restarting, or the session needs renewing. Queued writes (the outbox, the
 * chat photo queue) keep the request and try it again later.
 */
export function isTransientStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 409 || status === 429 || status >= 500;
}

function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/**
 * The one API client (STYLE.md: bulletproof-react). Same-origin, cookies
 * included; a non-2xx answer becomes an ApiRequestError with the envelope's
 * messages, and a network failure one with status 0.
 */
export async function apiRequest<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
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
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiRequestError(0, [{ code: 'network', msg: 'Network error. Please check your connection' }]);
  }
  if (response.ok) return (await response.json()) as T;
  const body: unknown = await response.json().catch(() => null);
  throw new ApiRequestError(
    response.status,
    isErrorEnvelope(body) ? body.errors : [{ code: 'http', msg: GENERIC_MESSAGES.somethingWentWrong }],
  );
}
