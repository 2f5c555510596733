import { Modal } from '../../lib/modal.tsx';

/** spec 2 §2 Composer: 'Discard Post', asked before unsaved work is left behind. */
export function DiscardModal({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  return (
    <Modal title="Discard Post" onClose={onKeep}>
      <p className="modal__text">If you leave now, this post will be lost.</p>
      <button type="button" className="button button--primary button--block" onClick={onDiscard}>
        Discard
      </button>
      <button type="button" className="button button--outline button--block" onClick={onKeep}>
        Keep editing
      </button>
    </Modal>
  );
}
