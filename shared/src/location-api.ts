/**
 * GET /api/auth/location: the page-load location check of spec 1 §5 (decision
 * 028). Only the verdict: the country, address and time zone stay on the server.
 */
export interface LocationCheckDto {
  isAllowed: boolean;
}

/**
 * spec 1 §2: "The location check runs before login and register; it applies on pages /, /home,
 * /messages, /user_registration, /login, /register." The app sends a refused visitor on these to
 * /404; the server writes no first screen on them for an address it refuses (decision 049).
 */
export const LOCATION_GATED_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/home',
  '/messages',
  '/user_registration',
  '/login',
  '/register',
]);
