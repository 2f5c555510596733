import { useRef } from 'react';
import { SignInButtons } from '../../features/auth/sign-in-buttons.tsx';
import { Icon } from '../../lib/icon.tsx';
import { useDialog } from '../../lib/use-dialog.ts';
import { useCampus } from '../campus/campus-context.tsx';
import type { Viewer } from '../session/use-viewer.ts';
import { Footer } from './footer.tsx';
import type { NavItem } from './nav-items.ts';
import { NavLinkItem } from './nav-link-item.tsx';
import { SidebarProfileMenu } from './sidebar-profile-menu.tsx';

/** The slide-out menu at 769px and below (spec 1 §2), a modal drawer with the sidebar's entries. */
export function SlideOutMenu({
  items,
  viewer,
  onClose,
}: {
  items: NavItem[];
  viewer: Viewer | null;
  onClose: () => void;
}) {
  const campus = useCampus();
  const dialog = useRef<HTMLDialogElement>(null);
  useDialog(dialog, onClose);
  return (
    <dialog ref={dialog} className="slide-out" aria-label="Menu">
      <div className="slide-out__panel">
        <div className="slide-out__head">
          <img src={campus.logoUrl} alt="" width={32} height={32} />
          <strong>{campus.shortName} Buy / Sell</strong>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <nav className="slide-out__nav">
          {items.map((item) => (
            <NavLinkItem key={item.to} item={item} onNavigate={onClose} />
          ))}
        </nav>
        {viewer ? (
          <SidebarProfileMenu viewer={viewer} onNavigate={onClose} />
        ) : (
          <SignInButtons emailLabel="Log In with Email" onNavigate={onClose} />
        )}
        <Footer />
      </div>
    </dialog>
  );
}
