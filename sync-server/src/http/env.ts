import type { CampusDefinition } from '@campus/shared/campuses';

/** What middleware puts on the Hono context for handlers to read. */
export interface AppEnv {
  Variables: {
    campus: CampusDefinition;
  };
}
