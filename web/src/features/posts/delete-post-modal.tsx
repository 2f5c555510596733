import type { PostDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ConfirmDeleteModal } from '../../lib/confirm-delete-modal.tsx';
import { useOutboxActions } from '../../local/use-outbox-actions.ts';
import { useOutboxSubmit } from '../../local/use-outbox-submit.ts';

/**
 * spec 2 §2 menu Delete, confirmed by 'Delete Post?'; §4 the post goes with
 * its comments and photos. The server answers the text to show ('Your post
 * was deleted').
 */
export function DeletePostModal({
  post,
  onClose,
  onDeleted,
}: {
  post: PostDto;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { submit, isPending } = useOutboxSubmit();
  const { deletePost } = useOutboxActions();
  const { showAlert } = useAlerts();

  // Through the outbox (issue 5): offline, the post leaves the student's screens at once and is deleted later.
  async function remove() {
    const outcome = await submit(() => deletePost(post.id));
    if (outcome === 'refused') return;
    onClose();
    showAlert(POST_MESSAGES.postDeleted, 'okay');
    onDeleted();
  }

  return (
    <ConfirmDeleteModal
      title="Delete Post?"
      text="This removes the post, its photos and its comments for everyone."
      isPending={isPending}
      onDelete={remove}
      onClose={onClose}
    />
  );
}
