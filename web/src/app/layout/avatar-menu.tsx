import { useEffect, useId, useRef, useState } from 'react';
import { SignInButtons } from '../../features/auth/sign-in-buttons.tsx';
import { Icon } from '../../lib/icon.tsx';

/**
 * The header's avatar menu. Signed out it is the 'Log In / Sign Up' panel
 * (spec 1 §2); the signed-in entries arrive with sessions (issue 3).
 */
export function AvatarMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    function closeOnOutside(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setIsOpen(false);
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape') setIsOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  return (
    <div className="avatar-menu" ref={root}>
      <button
        type="button"
        className="avatar avatar--button"
        aria-label="Account menu"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((value) => !value)}
      >
        <Icon name="user" />
      </button>
      {isOpen && (
        <section id={panelId} className="avatar-menu__panel card" aria-label="Log In / Sign Up">
          <p className="avatar-menu__title">Log In / Sign Up</p>
          <SignInButtons onNavigate={() => setIsOpen(false)} />
        </section>
      )}
    </div>
  );
}
