import type { BlockStateDto, BlocksDto } from '@campus/shared/post-api';
import { useCallback, useEffect, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';

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
    apiRequest<BlocksDto>('/api/blocks').then(
      (body) => isCurrent && setIsBlocked(body.users.some((user) => user.id === userId)),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [isEnabled, userId]);

  const toggle = useCallback(async () => {
    const result = await run(() =>
      apiRequest<BlockStateDto>(`/api/users/${userId}/block`, { method: isBlocked ? 'DELETE' : 'PUT' }),
    );
    if (!result) return;
    setIsBlocked(result.isBlocked);
    showAlert(result.isBlocked ? 'User blocked' : 'User unblocked', 'okay');
  }, [isBlocked, run, showAlert, userId]);

  return { isBlocked, toggle, isPending };
}
