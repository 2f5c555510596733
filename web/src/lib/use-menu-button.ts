import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { menuKeyAction, openingFocus } from './menu-keys.ts';

type FocusTarget = 'first' | 'last';

export interface MenuButton {
  isOpen: boolean;
  /** Closes; focus goes back to the button when it was inside the menu (Escape, or a choice that stays here). */
  close: () => void;
  /** The element holding the button and the menu: a press outside it closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  buttonProps: {
    ref: RefObject<HTMLButtonElement | null>;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick: (event: MouseEvent<HTMLButtonElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  };
  menuProps: {
    ref: RefObject<HTMLDivElement | null>;
    id: string;
    role: 'menu';
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  };
  /** Spread on each entry: a menuitem reached by the arrows, not by Tab. */
  itemProps: { role: 'menuitem'; tabIndex: -1 };
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/**
 * A keyboard-usable menu button (WAI-ARIA APG "menu button"): Enter, Space or
 * a click opens the menu at its first item, ArrowDown / ArrowUp on the button
 * at the first / last; in the menu the arrows, Home and End move (menu-keys.ts);
 * Escape closes and returns focus to the button; Tab and a press outside close.
 * `onOpen` runs each time it opens (the signed-out panel asks the location gate).
 */
export function useMenuButton({ onOpen }: { onOpen?: () => void } = {}): MenuButton {
  const [isOpen, setIsOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const latestOnOpen = useRef(onOpen);
  latestOnOpen.current = onOpen;

  const open = useCallback((at: FocusTarget) => {
    setFocusTarget(at);
    setIsOpen(true);
    latestOnOpen.current?.();
  }, []);

  const close = useCallback(() => {
    const hadFocus = rootRef.current?.contains(document.activeElement) ?? false;
    setIsOpen(false);
    if (hadFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    const entries = menuItems(menuRef.current);
    (focusTarget === 'first' ? entries[0] : entries.at(-1))?.focus();
  }, [isOpen, focusTarget]);

  useEffect(() => {
    if (!isOpen) return;
    function closeOnOutside(event: PointerEvent) {
      // A press elsewhere moves focus there itself: nothing to give back.
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setIsOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [isOpen]);

  return {
    isOpen,
    close,
    rootRef,
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'menu',
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? menuId : undefined,
      onClick: () => (isOpen ? setIsOpen(false) : open('first')),
      onKeyDown: (event) => {
        if (isOpen && event.key === 'Escape') {
          event.preventDefault();
          setIsOpen(false);
          return;
        }
        const at = openingFocus(event.key);
        if (!at) return;
        event.preventDefault();
        open(at);
      },
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu',
      onKeyDown: (event) => {
        const entries = menuItems(menuRef.current);
        const action = menuKeyAction(event.key, entries.indexOf(document.activeElement as HTMLElement), entries.length);
        if (!action) return;
        if (action.type === 'leave') return setIsOpen(false);
        // Escape closes this menu only, not a dialog (the slide-out menu) around it.
        event.preventDefault();
        event.stopPropagation();
        if (action.type === 'close') close();
        else entries[action.index]?.focus();
      },
    },
    itemProps: { role: 'menuitem', tabIndex: -1 },
  };
}
