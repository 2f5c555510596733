import { MEDIA_LOAD_MORE_DISTANCE_PX } from '@campus/shared/about-api';
import { useEffect } from 'react';

/**
 * Calls `onNearBottom` when the page is scrolled within 251 px of its bottom
 * (spec 2 §2 Media tab), and once on mount in case the first page is too
 * short to scroll. A passive listener: scrolling never waits for it.
 */
export function useNearBottom(onNearBottom: () => void, distance = MEDIA_LOAD_MORE_DISTANCE_PX): void {
  useEffect(() => {
    function check() {
      const root = document.documentElement;
      if (root.scrollHeight - (window.scrollY + window.innerHeight) <= distance) onNearBottom();
    }
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [onNearBottom, distance]);
}
