import { type RefObject, useEffect, useRef } from 'react';

/**
 * Infinite scroll: calls `onVisible` when the returned element nears the
 * viewport. It starts a screen early so scrolling does not stall (the feed
 * spec 2 §2 asks for "near the bottom").
 */
export function useLoadMoreSentinel(onVisible: () => void): RefObject<HTMLDivElement | null> {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && onVisible(), {
      rootMargin: '800px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible]);
  return sentinel;
}
