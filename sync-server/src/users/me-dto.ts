import type { MeDto } from '@campus/shared/account-api';
import type { UserRow } from '../db/schema.ts';

export function toMeDto(user: UserRow): MeDto {
  const hasBirthDate = user.birth_month !== null && user.birth_day !== null && user.birth_year !== null;
  return {
    id: user.id,
    campusId: user.campus_id,
    firstName: user.first_name,
    lastName: user.last_name,
    username: user.username,
    email: user.email,
    schoolEmail: user.school_email,
    phone: user.phone,
    gender: user.gender,
    birthDate: hasBirthDate
      ? { month: user.birth_month ?? 0, day: user.birth_day ?? 0, year: user.birth_year ?? 0 }
      : null,
    img: user.img,
    bio: user.bio,
    isProfileSetUp: user.profile_set_up === 1,
    isVerified: user.verified === 1,
    isSchoolVerified: user.school_verified === 1,
    hasPassword: user.password_hash !== null,
    emailNotifications: user.email_notifications === 1,
    availableFunds: user.available_funds,
    totalPosts: user.total_posts,
    createdAt: user.created_at,
  };
}
