/** GET /api/campus: the campus this host serves, as the shell needs it. */
import type { CampusPrivacy } from './campuses.ts';

export interface CampusDto {
  id: string;
  name: string;
  shortName: string;
  emailDomains: string[];
  city: string | null;
  state: string | null;
  country: string;
  launchDate: string | null;
  privacy: CampusPrivacy;
  color: string;
  isGeneric: boolean;
  /** Absolute path of the campus logo on this origin. */
  logoUrl: string;
  /** Users of this campus with school_verified true (spec 1 §1 'About This Group'). */
  memberCount: number;
  /** This server takes payments (decision 041): without a provider the app shows no Boost. */
  boostsAvailable: boolean;
  /** Google sign-in is set up on this server (issue 39 item 8): without it the app offers no Google button. */
  googleSignInAvailable: boolean;
}

export function campusLogoPath(campusId: string): string {
  return `/brand/${campusId}/logo.svg`;
}

/** The campus colour as `--brand`, for HTML the server writes before the app runs (decision 049). */
export function campusBrandStylePath(campusId: string): string {
  return `/brand/${campusId}/brand.css`;
}

export function campusIconPath(campusId: string, size: 192 | 512, isMaskable = false): string {
  return `/brand/${campusId}/icon-${isMaskable ? 'maskable-' : ''}${size}.png`;
}
