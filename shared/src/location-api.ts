/**
 * GET /api/auth/location: the page-load location check of spec 1 §5 (decision
 * 028). Only the verdict: the country, address and time zone stay on the server.
 */
export interface LocationCheckDto {
  isAllowed: boolean;
}
