import type { AuthorDto } from '@campus/shared/post-api';
import type { UserRow } from '../db/schema.ts';

type UserSummary = Pick<
  UserRow,
  'id' | 'username' | 'first_name' | 'last_name' | 'img' | 'verified' | 'school_verified'
>;

/** A user as posts, comments, chats, blocks and searches name them. */
export function toAuthorDto(row: UserSummary): AuthorDto {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    img: row.img,
    isVerified: row.verified === 1,
    isSchoolVerified: row.school_verified === 1,
  };
}
