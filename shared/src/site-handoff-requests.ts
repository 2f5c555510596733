/** The site hand-off's request (decision 042); its constants are in site-handoff-api.ts. */
import { SITE_HANDOFF_EXPIRED } from './site-handoff-api.ts';
import { z } from './zod.ts';

/** POST /api/auth/site-handoff { token }: answers `MeResponse` and sets this site's session cookie. */
export const siteHandoffCompleteSchema = z.object({
  token: z.string({ error: SITE_HANDOFF_EXPIRED }).min(1, SITE_HANDOFF_EXPIRED).max(100, SITE_HANDOFF_EXPIRED),
});
