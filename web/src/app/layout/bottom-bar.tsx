import type { MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuthGate } from '../../features/auth/auth-gate-context.tsx';
import type { AuthGateType } from '../../features/auth/auth-gate-titles.ts';
import { usePostComposerLink } from '../../lib/composer-links.ts';
import { Icon, type IconName } from '../../lib/icon.tsx';
import { useIsCampusMember } from '../session/use-campus-member.ts';
import type { Viewer } from '../session/use-viewer.ts';
import { UnreadBadge, type UnreadKind } from './unread-badge.tsx';

interface Entry {
  label: string;
  to: string;
  icon: IconName;
  /** Member-only entries open this auth gate for a signed-out visitor (spec 1 §2: Add opens 'post'). */
  gate?: AuthGateType;
  className?: string;
  badge?: UnreadKind;
}

const ENTRIES: Entry[] = [
  { label: 'Home', to: '/home', icon: 'home' },
  { label: 'Search', to: '/search', icon: 'search' },
  { label: 'Add post', to: '/create/post?goBack=home', icon: 'plus', gate: 'post', className: 'bottom-bar__add' },
  { label: 'Messages', to: '/messages', icon: 'message', gate: 'message', badge: 'chats' },
  { label: 'Notifications', to: '/notifications', icon: 'bell', gate: 'join', badge: 'notifications' },
];

/** The phone bottom bar of school sites (spec 1 §2): home, search, add post, messages, notifications. */
export function BottomBar({ viewer }: { viewer: Viewer | null }) {
  const openAuthGate = useAuthGate();
  const isMember = useIsCampusMember();
  const { pathname } = useLocation();
  // Add post comes back to this page (goBack); the composer is a full page here (docs/decisions/010).
  const composerLink = usePostComposerLink();

  function onEntryClick(event: MouseEvent, entry: Entry) {
    // Visitors sign in first; students who are not members here (no school verification, or guests
    // from another campus) verify before posting or messaging.
    const isGated = entry.gate && (!viewer || (entry.gate !== 'join' && !isMember));
    if (entry.gate && isGated) {
      event.preventDefault();
      openAuthGate(entry.gate);
    } else if (entry.to === '/home' && pathname === '/home') {
      // spec 1 §2: tapping home while on home scrolls to the top.
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  }

  return (
    <nav className="bottom-bar" aria-label="Quick">
      {ENTRIES.map((entry) => (
        <NavLink
          key={entry.to}
          {...(entry.gate === 'post' ? composerLink : { to: entry.to })}
          className={`bottom-bar__item${entry.className ? ` ${entry.className}` : ''}`}
          aria-label={entry.label}
          onClick={(event) => onEntryClick(event, entry)}
        >
          <span className="nav-item__icon">
            <Icon name={entry.icon} />
            {viewer && entry.badge && <UnreadBadge kind={entry.badge} />}
          </span>
        </NavLink>
      ))}
    </nav>
  );
}
