import { Modal } from './modal.tsx';

/**
 * A 'Delete …?' question: what goes, Delete ('Deleting…' while it runs) and Cancel; another
 * destructive verb ('Clear all') may take Delete's place.
 */
export function ConfirmDeleteModal({
  title,
  text,
  isPending,
  onDelete,
  onClose,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting…',
}: {
  title: string;
  text: string;
  isPending: boolean;
  onDelete: () => void;
  onClose: () => void;
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <p className="modal__text">{text}</p>
      <button
        type="button"
        className="button button--block delete-post__confirm"
        disabled={isPending}
        onClick={onDelete}
      >
        {isPending ? pendingLabel : confirmLabel}
      </button>
      <button type="button" className="button button--outline button--block" onClick={onClose}>
        Cancel
      </button>
    </Modal>
  );
}
