import { searchAccessOf } from '@campus/shared/search-rules';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useSession } from '../../app/session/session-context.tsx';

/**
 * Whether this visitor may search here, decided on the device from the
 * session with the server's own rule (shared/search-rules.ts): a visitor on
 * a private campus gets the auth modal before any request is made.
 */
export function useSearchAccess(): ReturnType<typeof searchAccessOf> {
  const { user } = useSession();
  const campus = useCampus();
  return searchAccessOf(campus.privacy, user);
}
