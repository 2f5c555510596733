import { AvatarImage } from '../../lib/avatar-image.tsx';
import { useMenuButton } from '../../lib/use-menu-button.ts';
import type { Viewer } from '../session/use-viewer.ts';
import { AccountMenu } from './account-menu.tsx';
import { sidebarMenuEntries } from './account-menu-entries.ts';

/**
 * The sidebar's profile row (spec 1 §2 "The sidebar profile menu: View
 * Profile, Settings, Manage Ads, Log Out"): the student's photo and name; a
 * press or Enter opens the menu above it. In the icon-only sidebar (1170 px
 * and below) the row is the photo alone.
 */
export function SidebarProfileMenu({ viewer, onNavigate }: { viewer: Viewer; onNavigate?: () => void }) {
  const menu = useMenuButton();
  return (
    <div className="sidebar-profile" ref={menu.rootRef}>
      {menu.isOpen && (
        <AccountMenu
          menu={menu}
          label="Profile menu"
          entries={sidebarMenuEntries(viewer.username)}
          className="sidebar-profile__menu"
          onChoose={onNavigate}
        />
      )}
      {/* The name starts with the visible text (WCAG 2.5.3, axe label-content-name-mismatch), so voice users can say it. */}
      <button
        type="button"
        className="sidebar-profile__button"
        aria-label={`${viewer.firstName} ${viewer.lastName} @${viewer.username}, Profile menu`}
        {...menu.buttonProps}
      >
        <span className="avatar">
          <AvatarImage src={viewer.img} size={40} />
        </span>
        <span className="sidebar-profile__names">
          <strong>
            {viewer.firstName} {viewer.lastName}
          </strong>
          <span>@{viewer.username}</span>
        </span>
        <span className="sidebar-profile__more" aria-hidden="true">
          ⋯
        </span>
      </button>
    </div>
  );
}
