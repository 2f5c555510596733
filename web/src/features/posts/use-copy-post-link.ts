import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useCallback } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';

/** Share and the menu's Copy link (spec 2 §2, §8 'Copied to clipboard'): the post page's address. */
export function useCopyPostLink(postId: string): () => Promise<void> {
  const { showAlert } = useAlerts();
  return useCallback(async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/post/${postId}`);
      showAlert(POST_MESSAGES.copied, 'okay');
    } catch {
      showAlert(POST_MESSAGES.somethingWentWrong, 'danger');
    }
  }, [postId, showAlert]);
}
