import { useCallback, useEffect } from 'react';
import { createPath, type Location, type Path, useLocation, useNavigate } from 'react-router';
import { freshScreenState, isComposerPath, isOpenedInApp } from '../../lib/composer-links.ts';
import { useIsPhoneLayout } from '../../lib/use-phone-layout.ts';

/** Where a composer shows (spec 2 §2): a modal over the page behind on desktop, a full page on phones. */
export interface ComposerPlace {
  isModal: boolean;
  /** The composer's own address, as the URL bar shows it (masked on desktop). */
  url: Path;
  /** spec 2 §2 `goBack`: the page to return to, as a path. */
  goBack: string;
  /** True while it moves between modal and page (first load on desktop, or the window crossed 769px). */
  isMoving: boolean;
  /** Leaves without sending: back to the page it was opened from, or to goBack. */
  leave: () => void;
  /** After sending: a fresh copy of `path`, so the page shows what was sent. */
  finish: (path: string) => void;
}

function pathOf({ pathname, search, hash }: Path): string {
  return createPath({ pathname, search, hash });
}

function maskedComposer(location: Location): Path | null {
  return location.mask !== undefined && isComposerPath(location.mask.pathname) ? location.mask : null;
}

/** The composer's own address: the masked one when the shell shows it as a modal, else the router's. */
export function useComposerUrl(): Path {
  const location = useLocation();
  return maskedComposer(location) ?? location;
}

/**
 * The composer's place, from the location: the shell renders a composer for a
 * masked location (the router stays on the page behind; docs/decisions/010),
 * the router for /create/* itself. Each moves to the other when the layout
 * calls for it, keeping the history entry's state.
 */
export function useComposerPlace(defaultGoBack: string): ComposerPlace {
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useIsPhoneLayout();
  const masked = maskedComposer(location);
  const isModal = masked !== null;
  const url = masked ?? location;
  const named = new URLSearchParams(url.search).get('goBack') ?? defaultGoBack;
  const candidate = `/${named}`.replace(/^\/+/, '/');
  // A goBack naming a composer would open it again behind itself.
  const goBack = isComposerPath(new URL(candidate, window.location.origin).pathname) ? '/home' : candidate;
  const isMoving = isModal === isPhone;
  const isFromApp = isOpenedInApp(location.state);
  const composerPath = pathOf(url);
  const behindPath = pathOf(location);

  useEffect(() => {
    if (!isMoving) return;
    const { state } = location;
    if (isModal) navigate(composerPath, { replace: true, state });
    else navigate(goBack, { replace: true, mask: composerPath, state });
  }, [composerPath, goBack, isModal, isMoving, location, navigate]);

  const leave = useCallback(() => {
    if (isFromApp) navigate(-1);
    else navigate(isModal ? behindPath : goBack, { replace: true });
  }, [behindPath, goBack, isFromApp, isModal, navigate]);

  const finish = useCallback(
    (path: string) => {
      // Opened from that very page on a phone: going back mounts it afresh and leaves no extra entry.
      if (isFromApp && !isModal && path === goBack) navigate(-1);
      else navigate(path, { replace: true, state: freshScreenState() });
    },
    [goBack, isFromApp, isModal, navigate],
  );

  return { isModal, url, goBack, isMoving, leave, finish };
}
