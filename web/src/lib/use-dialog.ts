import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as modal while mounted. Escape (the dialog's
 * `cancel` event) and a click on the backdrop both call `onClose`, so the
 * caller decides what closing means.
 *
 * A layout effect, so the dialog is closed while it is still in the page:
 * React runs its cleanup before it removes the element, and the browser's
 * close gives the focus back to what had it before (the button that opened
 * it). A passive effect's cleanup ran after the removal, and the focus went
 * to nobody. React's own handlers do not see that focus event (its events
 * are off while it commits): an opener's onFocus does not run.
 */
export function useDialog(dialog: RefObject<HTMLDialogElement | null>, onClose: () => void): void {
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  useLayoutEffect(() => {
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
