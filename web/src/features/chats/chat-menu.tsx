import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss.ts';

/** The conversation's ⋯ menu (a WAI-ARIA menu button like the post menu): 'Delete conversation'. */
export function ChatMenu({ onDelete }: { onDelete: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => {
    const hadFocus = root.current?.contains(document.activeElement) ?? false;
    setIsOpen(false);
    if (hadFocus) toggle.current?.focus();
  }, []);
  useDismiss(root, isOpen, close);

  useEffect(() => {
    if (isOpen) first.current?.focus();
  }, [isOpen]);

  return (
    <div className="post-menu chat-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="icon-button post-menu__toggle"
        aria-label="Conversation options"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((value) => !value)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {isOpen && (
        <div id={panelId} role="menu" aria-label="Conversation options" className="card post-menu__panel">
          <button
            ref={first}
            type="button"
            role="menuitem"
            className="post-menu__item post-menu__item--danger"
            onClick={() => {
              close();
              onDelete();
            }}
          >
            Delete conversation
          </button>
        </div>
      )}
    </div>
  );
}
