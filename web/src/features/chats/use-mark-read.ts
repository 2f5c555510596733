import { markRead, readsOf } from '@campus/shared/chat-doc';
import { type RefObject, useEffect } from 'react';
import type * as Y from 'yjs';

/**
 * spec 2 §4 "opening marks it read": once the newest message is on screen
 * (and the tab is visible), the viewer's read position moves to it. The
 * server turns that into the inbox's read state and the other side's 'Seen'.
 */
export function useMarkRead(
  doc: Y.Doc | null,
  viewerId: string,
  newestId: string | undefined,
  newestElement: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const element = newestElement.current;
    if (!doc || !newestId || !element) return;
    let isVisible = false;
    function markIfSeen() {
      if (!doc || !newestId || !isVisible || document.visibilityState !== 'visible') return;
      const current = readsOf(doc).get(viewerId);
      if (current === undefined || current < newestId) markRead(doc, viewerId, newestId);
    }
    const observer = new IntersectionObserver((entries) => {
      isVisible = entries.some((entry) => entry.isIntersecting);
      markIfSeen();
    });
    observer.observe(element);
    document.addEventListener('visibilitychange', markIfSeen);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', markIfSeen);
    };
  }, [doc, viewerId, newestId, newestElement]);
}
