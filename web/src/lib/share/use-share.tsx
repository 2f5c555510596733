import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { ShareSubject, ShareTarget } from './share-target.ts';

// One chunk for the whole of sharing: /home pays for this hook only, until someone shares.
const loadSharing = () => import('./share-flow.ts');
const ShareModal = lazy(() => loadSharing().then((module) => ({ default: module.ShareModal })));

/**
 * A Share button's behaviour: the system share sheet on phones, else the
 * share modal (Email, Instagram, Copy link; docs/decisions/027). Render
 * `shareDialog` beside the button; it is null until the modal opens.
 */
export function useShare(): { share: (subject: ShareSubject) => void; shareDialog: ReactNode } {
  const [target, setTarget] = useState<ShareTarget | null>(null);
  const share = useCallback((subject: ShareSubject) => {
    void loadSharing().then((module) => module.startShare(subject, setTarget));
  }, []);
  const shareDialog = target && (
    <Suspense fallback={null}>
      <ShareModal target={target} onClose={() => setTarget(null)} />
    </Suspense>
  );
  return { share, shareDialog };
}
