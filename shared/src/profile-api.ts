/** GET /api/profiles/:username: the public part of a user (spec 2 §2 Profile). */
export interface ProfileDto {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  img: string | null;
  bio: string;
  isVerified: boolean;
  isSchoolVerified: boolean;
  isProfileSetUp: boolean;
  totalPosts: number;
  createdAt: string;
}
