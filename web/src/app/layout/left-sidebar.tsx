import { Link } from 'react-router';
import { useAuthGate } from '../../features/auth/auth-gate-context.tsx';
import { SignInButtons } from '../../features/auth/sign-in-buttons.tsx';
import { usePostComposerLink } from '../../lib/composer-links.ts';
import { Icon } from '../../lib/icon.tsx';
import { useIsCampusMember } from '../session/use-campus-member.ts';
import type { Viewer } from '../session/use-viewer.ts';
import type { NavItem } from './nav-items.ts';
import { NavLinkItem } from './nav-link-item.tsx';
import { SidebarProfileMenu } from './sidebar-profile-menu.tsx';

/** The left sidebar above 769px (spec 1 §2): navigation, then Create Post or the sign-in entries. */
export function LeftSidebar({ items, viewer }: { items: NavItem[]; viewer: Viewer | null }) {
  // On desktop the composer opens as a modal over this page (docs/decisions/010).
  const composerLink = usePostComposerLink();
  const openAuthGate = useAuthGate();
  const isMember = useIsCampusMember();
  return (
    <aside className="left-sidebar" aria-label="Main">
      <nav className="left-sidebar__nav">
        {items.map((item) => (
          <NavLinkItem key={item.to} item={item} />
        ))}
      </nav>
      {viewer ? (
        <Link
          {...composerLink}
          className="button button--primary button--block left-sidebar__create"
          title="Create Post"
          onClick={(event) => {
            // Gate before the student types (issue 19): a guest or unverified student verifies first.
            if (isMember) return;
            event.preventDefault();
            openAuthGate('post');
          }}
        >
          <Icon name="plus" />
          <span className="nav-item__label">Create Post</span>
        </Link>
      ) : (
        <div className="left-sidebar__sign-in">
          <SignInButtons emailLabel="Log In with Email" />
        </div>
      )}
      {viewer && <SidebarProfileMenu viewer={viewer} />}
    </aside>
  );
}
