import { Modal } from './modal.tsx';

/**
 * A yes-or-no question before an action (spec 3 §4: an ad's pause, stop, resume and delete; a boost
 * paid from Available Funds).
 */
export function ConfirmModal({
  title,
  text,
  confirmLabel,
  isDestructive,
  isPending,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  isDestructive: boolean;
  isPending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <p className="modal__text">{text}</p>
      <button
        type="button"
        className={`button button--block ${isDestructive ? 'ad-confirm--danger' : 'button--primary'}`}
        disabled={isPending}
        onClick={onConfirm}
      >
        {isPending ? 'One moment…' : confirmLabel}
      </button>
      <button type="button" className="button button--outline button--block" onClick={onClose}>
        Cancel
      </button>
    </Modal>
  );
}
