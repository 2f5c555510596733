import { BREAKPOINTS } from '@campus/shared/layout';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { Icon } from '../../lib/icon.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { SettingsNav } from './settings-nav.tsx';

/**
 * /settings and its pages (spec 1 §2): the navigation beside the page on
 * desktop; below 1000px the list is its own page and sub-pages get a back
 * button. On desktop /settings opens Account Settings, or About when signed out.
 */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const isNarrow = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet}px)`);
  const isSignedIn = useViewer() !== null;
  const isIndex = pathname.replace(/\/$/, '') === '/settings';
  const { unread } = useLocalSync();
  const unreadCount = isSignedIn ? unread.notifications + unread.chats : 0;

  if (isIndex && !isNarrow) return <Navigate to={isSignedIn ? '/settings/account' : '/settings/about'} replace />;
  if (isIndex) return <SettingsNav />;
  return (
    <div className="settings">
      {!isNarrow && <SettingsNav />}
      <div className="settings__page">
        {isNarrow && (
          <Link to="/settings" className="settings__back">
            <Icon name="back" size={20} /> Settings
            {/* spec 1 §2: below 1000px the back button carries the unread badge of messages plus notifications. */}
            {unreadCount > 0 && (
              <span className="unread-badge unread-badge--inline" data-unread="all">
                {unreadCount > 99 ? '99+' : unreadCount}
              </span>
            )}
          </Link>
        )}
        <Outlet />
      </div>
    </div>
  );
}
