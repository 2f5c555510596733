import type { MeResponse } from '@campus/shared/account-api';
import type { AccountFieldRequests } from '@campus/shared/account-requests';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useCallback } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';

/** Saves one account field (PUT /api/account/<field>), keeps the answered user, says 'Account Updated!'. */
export function useAccountUpdate() {
  const { run, isPending } = useApiAction();
  const { setUser } = useSession();
  const { showAlert } = useAlerts();

  const save = useCallback(
    async <Field extends keyof AccountFieldRequests>(
      field: Field,
      body: AccountFieldRequests[Field],
    ): Promise<boolean> => {
      const result = await run(() => apiRequest<MeResponse>(`/api/account/${field}`, { method: 'PUT', json: body }));
      if (!result?.user) return false;
      setUser(result.user);
      showAlert(ACCOUNT_MESSAGES.accountUpdated, 'success');
      return true;
    },
    [run, setUser, showAlert],
  );

  return { save, isPending };
}
