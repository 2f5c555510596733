import { NavLink } from 'react-router';
import { useAuthGate } from '../../features/auth/auth-gate-context.tsx';
import { Icon } from '../../lib/icon.tsx';
import type { NavItem } from './nav-items.ts';
import { UnreadBadge } from './unread-badge.tsx';

/** One sidebar or menu entry; a gated entry opens the auth modal instead of navigating. */
export function NavLinkItem({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const openAuthGate = useAuthGate();
  return (
    <NavLink
      to={item.to}
      className="nav-item"
      title={item.label}
      onClick={(event) => {
        if (item.gate) {
          event.preventDefault();
          openAuthGate(item.gate);
        }
        onNavigate?.();
      }}
    >
      <span className="nav-item__icon">
        <Icon name={item.icon} />
        {item.badge && <UnreadBadge kind={item.badge} />}
      </span>
      <span className="nav-item__label">{item.label}</span>
    </NavLink>
  );
}
