import { Suspense } from 'react';
import { matchPath, useLocation } from 'react-router';
import { COMMENT_COMPOSER_ROUTE, POST_COMPOSER_PATH } from '../../lib/composer-links.ts';
import { CommentComposerScreen, ComposerScreen } from '../lazy-screens.ts';
import { RequireViewer } from './require-viewer.tsx';

/**
 * The composers as desktop modals (spec 2 §2): the router stays on the page
 * behind and the URL bar shows the composer's address (a masked navigation,
 * docs/decisions/010); the shell renders this beside that page.
 */
export function ComposerModalRoute() {
  const { mask } = useLocation();
  if (!mask) return null;
  const isPost = mask.pathname === POST_COMPOSER_PATH;
  if (!isPost && !matchPath(COMMENT_COMPOSER_ROUTE, mask.pathname)) return null;
  return (
    <Suspense fallback={null}>
      <RequireViewer>{isPost ? <ComposerScreen /> : <CommentComposerScreen />}</RequireViewer>
    </Suspense>
  );
}
