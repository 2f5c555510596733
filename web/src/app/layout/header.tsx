import { Link } from 'react-router';
import { SearchBox } from '../../features/search/search-box.tsx';
import { Icon } from '../../lib/icon.tsx';
import { useCampus } from '../campus/campus-context.tsx';
import { useViewer } from '../session/use-viewer.ts';
import { AvatarMenu } from './avatar-menu.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/** spec 1 §2 "Shell": campus logo, search box and the avatar menu; a menu button on phones. */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const campus = useCampus();
  const viewer = useViewer();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <button type="button" className="icon-button site-header__menu" aria-label="Open menu" onClick={onOpenMenu}>
          <Icon name="menu" />
          {/* spec 1 §2: the home header's unread badge sums unread notifications and chats. */}
          {viewer && !campus.isGeneric && <UnreadBadge kind="all" />}
        </button>
        <Link to="/home" className="site-header__brand" aria-label={`${campus.shortName} Buy / Sell home`}>
          <img src={campus.logoUrl} alt="" width={36} height={36} className="site-header__logo" />
          <span className="site-header__name">
            {campus.shortName} <span>Buy / Sell</span>
          </span>
        </Link>
        <SearchBox campusShortName={campus.shortName} />
        <AvatarMenu />
      </div>
    </header>
  );
}
