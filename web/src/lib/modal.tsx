import { type ReactNode, useRef } from 'react';
import { Icon } from './icon.tsx';
import { useDialog } from './use-dialog.ts';

/**
 * A dialog on the native <dialog> element: focus is trapped and restored by
 * the browser, Escape closes it, and a click on the backdrop closes it too.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useDialog(dialog, onClose);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="modal-title">
      <div className="modal__panel">
        <button type="button" className="icon-button modal__close" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
        <h2 id="modal-title" className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
