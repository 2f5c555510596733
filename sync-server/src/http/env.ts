import type { CampusDefinition } from '@campus/shared/campuses';
import type { UserRow } from '../db/schema.ts';

/** What middleware puts on the Hono context for handlers to read. */
export interface AppEnv {
  Variables: {
    campus: CampusDefinition;
    /** The signed-in user, or null (auth/auth.middleware.ts). */
    viewer: UserRow | null;
    sessionId: string | null;
    /** Set when a header (the session cookie) was put in before the route answers (standard-response.ts). */
    headersPrepared: boolean;
  };
}
