import { type RefObject, useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';

export interface OptionsMenu {
  isOpen: boolean;
  setIsOpen: (update: boolean | ((isOpen: boolean) => boolean)) => void;
  /** Closes; focus goes back to the ⋯ button when it was inside the menu. */
  close: () => void;
  /** The element holding the button and the panel: a press outside it (or Escape) closes the menu. */
  root: RefObject<HTMLDivElement | null>;
  toggle: RefObject<HTMLButtonElement | null>;
  panelId: string;
}

/** The open state of a ⋯ options menu (the post's and the conversation's), closed by a press outside or Escape. */
export function useOptionsMenu(): OptionsMenu {
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => {
    const hadFocus = root.current?.contains(document.activeElement) ?? false;
    setIsOpen(false);
    if (hadFocus) toggle.current?.focus();
  }, []);
  useDismiss(root, isOpen, close);

  return { isOpen, setIsOpen, close, root, toggle, panelId };
}

/** The ⋯ button that opens and closes `menu` (a WAI-ARIA menu button). */
export function OptionsMenuToggle({ menu, label }: { menu: OptionsMenu; label: string }) {
  return (
    <button
      ref={menu.toggle}
      type="button"
      className="icon-button post-menu__toggle"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={menu.isOpen}
      aria-controls={menu.isOpen ? menu.panelId : undefined}
      onClick={() => menu.setIsOpen((value) => !value)}
    >
      <span aria-hidden="true">⋯</span>
    </button>
  );
}
