import { useCallback, useEffect, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { fetchBlocks, setBlocked } from './api.ts';

/**
 * Whether the viewer blocked `userId` (read from GET /api/blocks), and the
 * toggle. `isEnabled` is false for visitors and for the viewer's own profile.
 */
export function useBlockState(userId: string, isEnabled: boolean) {
  const [isBlocked, setIsBlocked] = useState(false);
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();

  useEffect(() => {
    if (!isEnabled) return;
    let isCurrent = true;
    fetchBlocks().then(
      (body) => isCurrent && setIsBlocked(body.users.some((user) => user.id === userId)),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [isEnabled, userId]);

  const toggle = useCallback(async () => {
    const result = await run(() => setBlocked(userId, !isBlocked));
    if (!result) return;
    setIsBlocked(result.isBlocked);
    showAlert(result.isBlocked ? 'User blocked' : 'User unblocked', 'okay');
  }, [isBlocked, run, showAlert, userId]);

  return { isBlocked, toggle, isPending };
}
