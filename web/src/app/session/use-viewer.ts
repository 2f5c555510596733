import type { MeDto } from '@campus/shared/account-api';
import { useSession } from './session-context.tsx';

/** The signed-in user as the shell needs it. */
export type Viewer = MeDto;

/** Who is looking at the page, or null for a signed-out visitor. */
export function useViewer(): Viewer | null {
  return useSession().user;
}
