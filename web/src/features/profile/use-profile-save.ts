import type { MeResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useCallback } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { useSession } from '../auth/session-context.tsx';

/** spec 1 §5: profile photos are jpeg, jpg, png or gif. The server checks the bytes again. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** Saves names, bio or photo of the signed-in user and keeps the answered user. */
export function useProfileSave() {
  const { run, isPending } = useApiAction();
  const { setUser } = useSession();
  const { showAlert } = useAlerts();

  const saveProfile = useCallback(
    async (body: { firstName?: string; lastName?: string; bio?: string }): Promise<boolean> => {
      const result = await run(() => apiRequest<MeResponse>('/api/account/profile', { method: 'PUT', json: body }));
      if (result?.user) setUser(result.user);
      return Boolean(result?.user);
    },
    [run, setUser],
  );

  const savePhoto = useCallback(
    async (file: File): Promise<boolean> => {
      if (!PHOTO_TYPES.has(file.type)) {
        showAlert(ACCOUNT_MESSAGES.photosOnly, 'danger');
        return false;
      }
      const form = new FormData();
      form.append('photo', file);
      const result = await run(() => apiRequest<MeResponse>('/api/account/photo', { method: 'POST', body: form }));
      if (result?.user) setUser(result.user);
      return Boolean(result?.user);
    },
    [run, setUser, showAlert],
  );

  return { saveProfile, savePhoto, isPending };
}
