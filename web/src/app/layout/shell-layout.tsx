import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { screenKey } from '../../lib/composer-links.ts';
import { useCampus } from '../campus/campus-context.tsx';
import { ComposerModalRoute } from '../routes/composer-modal-route.tsx';
import { useViewer } from '../session/use-viewer.ts';
import { BottomBar } from './bottom-bar.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LeftSidebar } from './left-sidebar.tsx';
import { navItems } from './nav-items.ts';
import { RightSidebar } from './right-sidebar.tsx';
import { SlideOutMenu } from './slide-out-menu.tsx';
import { TopBanners } from './top-banners.tsx';

/** Registers the service worker after the first paint; nothing on screen waits for it (npm run size). */
const UpdatePrompt = lazy(() =>
  import('../../features/pwa/update-prompt.tsx').then((module) => ({ default: module.UpdatePrompt })),
);

/**
 * The app shell of spec 1 §2: header; left sidebar above 769px; slide-out
 * menu and bottom bar at 769px and below; right sidebar above 1170px.
 * Which parts show is decided by CSS media queries (styles/shell.css) so the
 * first paint is right at every width.
 */
export function ShellLayout() {
  const campus = useCampus();
  const viewer = useViewer();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const location = useLocation();
  const items = navItems(campus, viewer);

  return (
    <div className={`shell${campus.isGeneric ? ' shell--generic' : ''}`}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header onOpenMenu={() => setIsMenuOpen(true)} />
      <div className="shell__body">
        <LeftSidebar items={items} viewer={viewer} />
        <main id="main" className="shell__main" key={screenKey(location)}>
          <TopBanners />
          <Suspense fallback={<div className="card route-loading" aria-busy="true" />}>
            <Outlet />
          </Suspense>
          <div className="shell__footer">
            <Footer />
          </div>
        </main>
        <RightSidebar />
      </div>
      {!campus.isGeneric && <BottomBar viewer={viewer} />}
      <ComposerModalRoute />
      {isMenuOpen && <SlideOutMenu items={items} viewer={viewer} onClose={() => setIsMenuOpen(false)} />}
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </div>
  );
}
