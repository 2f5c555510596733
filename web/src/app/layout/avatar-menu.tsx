import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SignInButtons } from '../../features/auth/sign-in-buttons.tsx';
import { Icon } from '../../lib/icon.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { useViewer } from '../session/use-viewer.ts';

/** spec 1 §2: the signed-in avatar menu. */
const SIGNED_IN_ENTRIES = [
  { label: 'My Saved', to: '/saved' },
  { label: 'Settings', to: '/settings' },
  { label: 'Manage Ads', to: '/ads' },
  { label: 'Log Out', to: '/logout' },
];

/** The header's avatar menu: the user's entries, or the 'Log In / Sign Up' panel (spec 1 §2). */
export function AvatarMenu() {
  const viewer = useViewer();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(root, isOpen, close);

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
        {viewer?.img ? <img src={viewer.img} alt="" width={40} height={40} /> : <Icon name="user" />}
      </button>
      {isOpen && viewer && (
        <nav id={panelId} className="avatar-menu__panel card" aria-label="Account">
          <Link to={`/${viewer.username}`} className="avatar-menu__profile" onClick={() => setIsOpen(false)}>
            <strong>
              {viewer.firstName} {viewer.lastName}
            </strong>
            <span>See your profile</span>
          </Link>
          {SIGNED_IN_ENTRIES.map((entry) => (
            <Link key={entry.to} to={entry.to} className="avatar-menu__entry" onClick={() => setIsOpen(false)}>
              {entry.label}
            </Link>
          ))}
        </nav>
      )}
      {isOpen && !viewer && (
        <section id={panelId} className="avatar-menu__panel card" aria-label="Log In / Sign Up">
          <p className="avatar-menu__title">Log In / Sign Up</p>
          <SignInButtons onNavigate={() => setIsOpen(false)} />
        </section>
      )}
    </div>
  );
}
