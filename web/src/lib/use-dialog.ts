import { type RefObject, useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as modal while mounted. Escape (the dialog's
 * `cancel` event) and a click on the backdrop both call `onClose`, so the
 * caller decides what closing means.
 */
export function useDialog(dialog: RefObject<HTMLDialogElement | null>, onClose: () => void): void {
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    function onCancel(event: Event) {
      event.preventDefault();
      latestOnClose.current();
    }
    function onBackdropClick(event: MouseEvent) {
      // A click on the ::backdrop targets the <dialog> itself; clicks inside land on its children.
      if (event.target === element) latestOnClose.current();
    }
    element.addEventListener('cancel', onCancel);
    element.addEventListener('click', onBackdropClick);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('click', onBackdropClick);
      element.close();
    };
  }, [dialog]);
}
