/**
 * Payloads of the account endpoints: the signed-in user as they see themselves.
 * Their requests are in account-requests.ts and verification-requests.ts.
 */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

interface BirthDate {
  month: number;
  day: number;
  year: number;
}

export interface MeDto {
  id: string;
  campusId: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  schoolEmail: string | null;
  phone: string | null;
  gender: Gender | null;
  birthDate: BirthDate | null;
  img: string | null;
  bio: string;
  isProfileSetUp: boolean;
  isVerified: boolean;
  isSchoolVerified: boolean;
  hasPassword: boolean;
  emailNotifications: boolean;
  /** Cents (spec 1 §3). */
  availableFunds: number;
  totalPosts: number;
  createdAt: string;
}

export interface MeResponse {
  user: MeDto | null;
}

export interface VerificationSendResponse {
  /** Where the code went; null when none was needed. */
  sentTo: string | null;
  /**
   * 'verify school' with the account's own sign-in address, already proved by
   * a code: the student joins at once, no second code (docs/decisions/022).
   */
  joined?: VerificationCheckResponse;
}

export interface VerificationCheckResponse {
  user: MeDto;
  /** Where the spec sends the user next (spec 1 §4). */
  redirectTo: string;
  /** A campus site to offer after joining from the generic site ('Visit Your Campus'). */
  campusId?: string;
}
