import { Modal } from '../../lib/modal.tsx';

/**
 * Asks before a block (issue 19: it acted at once). The spec names the
 * action but no words for it, so these follow 'Delete Post?': the question,
 * what it does (issue 4 and decision 014: posts, comments and messages, both ways), then
 * the act and Cancel. Unblocking restores and needs no question.
 */
export function BlockUserModal({ name, onBlock, onClose }: { name: string; onBlock: () => void; onClose: () => void }) {
  return (
    <Modal title={`Block ${name}?`} onClose={onClose}>
      <p className="modal__text">
        You won’t see each other’s posts or comments, and neither of you can message the other. You can unblock them
        from their profile at any time.
      </p>
      <button
        type="button"
        className="button button--block delete-post__confirm"
        onClick={() => {
          onClose();
          onBlock();
        }}
      >
        Block
      </button>
      <button type="button" className="button button--outline button--block" onClick={onClose}>
        Cancel
      </button>
    </Modal>
  );
}
