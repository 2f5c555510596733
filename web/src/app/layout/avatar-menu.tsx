import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SignInButtons } from '../../features/auth/sign-in-buttons.tsx';
import { useLocationGate } from '../../features/auth/use-location-gate.ts';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { Icon } from '../../lib/icon.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { useMenuButton } from '../../lib/use-menu-button.ts';
import { useViewer, type Viewer } from '../session/use-viewer.ts';
import { AccountMenu } from './account-menu.tsx';
import { AVATAR_MENU_ENTRIES } from './account-menu-entries.ts';

/** Signed in: a menu button (keyboard as in use-menu-button.ts) with the spec's entries. */
function SignedInAvatarMenu({ viewer }: { viewer: Viewer }) {
  const menu = useMenuButton();
  return (
    <div className="avatar-menu" ref={menu.rootRef}>
      <button type="button" className="avatar avatar--button" aria-label="Account menu" {...menu.buttonProps}>
        <AvatarImage src={viewer.img} size={40} />
      </button>
      {menu.isOpen && (
        <AccountMenu menu={menu} label="Account" entries={AVATAR_MENU_ENTRIES} className="avatar-menu__panel">
          <Link {...menu.itemProps} to={`/${viewer.username}`} className="avatar-menu__profile" onClick={menu.close}>
            <strong>
              {viewer.firstName} {viewer.lastName}
            </strong>
            <span>See your profile</span>
          </Link>
        </AccountMenu>
      )}
    </div>
  );
}

/**
 * Signed out: the 'Log In / Sign Up' panel, a disclosure (its entries are
 * buttons, not menu items). spec 1 §5: opening the login panel from outside
 * the United States goes to /404 (decision 028).
 */
function SignInPanel() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const checkLocation = useLocationGate();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(root, isOpen, close);
  return (
    <div className="avatar-menu" ref={root}>
      <button
        type="button"
        className="avatar avatar--button"
        aria-label="Account menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => {
          if (!isOpen) checkLocation();
          setIsOpen(!isOpen);
        }}
      >
        <Icon name="user" />
      </button>
      {isOpen && (
        <section id={panelId} className="avatar-menu__panel card" aria-label="Log In / Sign Up">
          <p className="avatar-menu__title">Log In / Sign Up</p>
          <SignInButtons onNavigate={close} />
        </section>
      )}
    </div>
  );
}

/** The header's avatar menu: the student's entries, or the 'Log In / Sign Up' panel (spec 1 §2). */
export function AvatarMenu() {
  const viewer = useViewer();
  return viewer ? <SignedInAvatarMenu viewer={viewer} /> : <SignInPanel />;
}
