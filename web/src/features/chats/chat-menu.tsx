import { useEffect, useRef } from 'react';
import { OptionsMenuToggle, useOptionsMenu } from '../../lib/options-menu.tsx';

/** The conversation's ⋯ menu (a WAI-ARIA menu button like the post menu): 'Delete conversation'. */
export function ChatMenu({ onDelete }: { onDelete: () => void }) {
  const menu = useOptionsMenu();
  const { isOpen, close } = menu;
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isOpen) first.current?.focus();
  }, [isOpen]);

  return (
    <div className="post-menu chat-menu" ref={menu.root}>
      <OptionsMenuToggle menu={menu} label="Conversation options" />
      {isOpen && (
        <div id={menu.panelId} role="menu" aria-label="Conversation options" className="card post-menu__panel">
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
