import type { MessageDto, PostDto } from '@campus/shared/post-api';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { Modal } from '../../lib/modal.tsx';

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
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();

  async function remove() {
    const answer = await run(() => apiRequest<MessageDto>(`/api/posts/${post.id}`, { method: 'DELETE' }));
    if (!answer) return;
    onClose();
    showAlert(answer.msg, 'okay');
    onDeleted();
  }

  return (
    <Modal title="Delete Post?" onClose={onClose}>
      <p className="modal__text">This removes the post, its photos and its comments for everyone.</p>
      <button type="button" className="button button--block delete-post__confirm" disabled={isPending} onClick={remove}>
        {isPending ? 'Deleting…' : 'Delete'}
      </button>
      <button type="button" className="button button--outline button--block" onClick={onClose}>
        Cancel
      </button>
    </Modal>
  );
}
