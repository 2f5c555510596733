import type { CampusDto } from '@campus/shared/campus-api';
import type { AuthGateType } from '../../features/auth/auth-gate-titles.ts';
import type { IconName } from '../../lib/icon.tsx';
import type { Viewer } from '../session/use-viewer.ts';
import type { UnreadKind } from './unread-badge.tsx';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  /** Signed-out visitors get this auth gate instead of a redirect away from a private page. */
  gate?: AuthGateType;
  /** spec 1 §2: the entry carries this unread badge for a signed-in student. */
  badge?: UnreadKind;
}

/** spec 1 §2 "Shell" sidebar: the generic site's reduced list, or a school site's full one. */
export function navItems(campus: CampusDto, viewer: Viewer | null): NavItem[] {
  if (campus.isGeneric) {
    return [
      { label: 'Home', to: '/home', icon: 'home' },
      { label: 'Search', to: '/search_schools', icon: 'search' },
      { label: 'Settings', to: '/settings', icon: 'settings' },
    ];
  }
  const gated = (gate: AuthGateType, badge: UnreadKind) => (viewer ? { badge } : { gate });
  return [
    { label: 'Buy/Sell', to: '/home', icon: 'tag' },
    { label: 'Search', to: '/search', icon: 'search' },
    { label: 'Notifications', to: '/notifications', icon: 'bell', ...gated('join', 'notifications') },
    { label: 'Messages', to: '/messages', icon: 'message', ...gated('message', 'chats') },
    { label: 'Saved', to: '/saved', icon: 'bookmark', ...(viewer ? {} : { gate: 'join' as const }) },
    viewer
      ? { label: 'Profile', to: `/${viewer.username}`, icon: 'user' }
      : { label: 'Settings', to: '/settings', icon: 'settings' },
  ];
}
