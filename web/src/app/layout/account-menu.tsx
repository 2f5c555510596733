import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuButton } from '../../lib/use-menu-button.ts';
import type { AccountMenuEntry } from './account-menu-entries.ts';

/** The open menu of a signed-in student's entries (the header's avatar menu, the sidebar's profile menu). */
export function AccountMenu({
  menu,
  label,
  entries,
  className,
  onChoose,
  children,
}: {
  menu: MenuButton;
  label: string;
  entries: AccountMenuEntry[];
  className: string;
  /** Runs after a choice closes the menu (the slide-out menu closes too). */
  onChoose?: () => void;
  /** Entries before the list (the avatar menu's profile entry), built with `menu.itemProps`. */
  children?: ReactNode;
}) {
  return (
    <div {...menu.menuProps} role="menu" aria-label={label} className={`card account-menu ${className}`}>
      {children}
      {entries.map((entry) => (
        <Link
          key={entry.to}
          {...menu.itemProps}
          to={entry.to}
          className="account-menu__entry"
          onClick={() => {
            menu.close();
            onChoose?.();
          }}
        >
          {entry.label}
        </Link>
      ))}
    </div>
  );
}
