import { useLayoutEffect } from 'react';
import { tappedTwin } from './first-screen-tap.ts';

/**
 * The server writes the first screen of /home, a post page and /messages into the HTML, before
 * #root (sync-server/src/web/first-screen.ts, decision 049); base.css hides #root while it is
 * there. The app renders underneath and removes it once its own screen shows the same thing, in
 * one frame, so the page never passes through the splash or a skeleton. The service worker's
 * precached shell has none: then all of this does nothing.
 */
const FIRST_SCREEN_ID = 'first-screen';
/** Whatever happens to the app (a screen that never settles), the server's screen does not outlive this. */
const LONGEST_WAIT_MS = 15_000;

/** The app's `/` is /home (router.tsx), and the server writes the same screen for both. */
function pageOf(pathname: string): string {
  return pathname === '/' ? '/home' : pathname;
}

/** The page the server wrote its screen for: read once, as the tab opened. */
const WRITTEN_PAGE = pageOf(window.location.pathname);

function releaseFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

/** Swaps the written screen for the app's, and repeats a tap the written screen took meanwhile. */
function swapFirstScreen(): void {
  const screen = document.getElementById(FIRST_SCREEN_ID);
  const root = document.getElementById('root');
  if (!screen || !root) return;
  const twin = tappedTwin(screen, root);
  screen.remove();
  // After the commit: React handles the click as any other, with the render that showed the button done.
  if (twin)
    setTimeout(() => {
      twin.focus();
      twin.click();
    });
}

export function hasFirstScreen(): boolean {
  return document.getElementById(FIRST_SCREEN_ID) !== null;
}

export function releaseFirstScreenLater(): void {
  setTimeout(releaseFirstScreen, LONGEST_WAIT_MS);
}

/**
 * Removes the server's screen before the browser paints the render in which `isReady` turned true;
 * a written button tapped meanwhile is tapped again on the app's own.
 */
export function useReleaseFirstScreen(isReady: boolean): void {
  useLayoutEffect(() => {
    if (isReady) swapFirstScreen();
  }, [isReady]);
}

/**
 * Removes the server's screen once the app shows another page than the one it was written for: a
 * redirect (the location gate's /404, decision 028; a sign-in the session no longer has) or a
 * link followed before the swap. Otherwise #root would stay hidden behind a screen of the wrong page.
 */
export function useReleaseFirstScreenOnLeave(pathname: string): void {
  useLayoutEffect(() => {
    if (pageOf(pathname) !== WRITTEN_PAGE) releaseFirstScreen();
  }, [pathname]);
}
