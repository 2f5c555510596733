import type { ProfileRequest } from '@campus/shared/account-requests';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useCallback } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { useOutboxActions } from '../../local/use-outbox-actions.ts';
import { useOutboxSubmit } from '../../local/use-outbox-submit.ts';

/** spec 1 §5: profile photos are jpeg, jpg, png or gif. The server checks the bytes again. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** Issue 5: a photo picked offline waits on the device (decision 013). */
const PHOTO_WAITING = 'Saved on your device. Your photo will be updated when you’re back online.';

/**
 * Saves names, bio or photo of the signed-in user through the outbox (issue
 * 5): sent at once when online (the answered user is kept), kept and sent
 * later when offline. Names and bio show at once either way.
 */
export function useProfileSave() {
  const { submit, isPending } = useOutboxSubmit();
  const { updateProfile, updatePhoto } = useOutboxActions();
  const { user, setUser } = useSession();
  const { showAlert } = useAlerts();

  const saveProfile = useCallback(
    async (body: ProfileRequest): Promise<boolean> => {
      const outcome = await submit(() => updateProfile(body));
      if (outcome === 'refused') return false;
      if (outcome === 'waiting' && user) setUser({ ...user, ...body });
      return true;
    },
    [setUser, submit, updateProfile, user],
  );

  const savePhoto = useCallback(
    async (file: File): Promise<boolean> => {
      if (!PHOTO_TYPES.has(file.type)) {
        showAlert(ACCOUNT_MESSAGES.photosOnly, 'danger');
        return false;
      }
      const outcome = await submit(() => updatePhoto(file));
      if (outcome === 'waiting') showAlert(PHOTO_WAITING, 'okay');
      return outcome === 'sent';
    },
    [showAlert, submit, updatePhoto],
  );

  return { saveProfile, savePhoto, isPending };
}
