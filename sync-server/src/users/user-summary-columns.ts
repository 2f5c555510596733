/**
 * The user columns every author summary (toAuthorDto) is built from, for a
 * query that joins `users`; each query adds `users.id` under its own name.
 */
export const USER_SUMMARY_COLUMNS = [
  'users.username',
  'users.first_name',
  'users.last_name',
  'users.img',
  'users.verified',
  'users.school_verified',
] as const;
