import { useCallback } from 'react';
import { type Location, matchPath, type Path, type To, useLocation, useNavigate } from 'react-router';
import { useIsPhoneLayout } from './use-phone-layout.ts';

/**
 * The composer's addresses (spec 2 §2 Composer) and how the app opens them:
 * on desktop as a modal over the current page, by a masked navigation (the
 * router stays on the page, the URL bar shows the composer's address); on
 * phones as a full page. See docs/decisions/010.
 */
export const POST_COMPOSER_PATH = '/create/post';
export const COMMENT_COMPOSER_ROUTE = '/create/comment/:postId';

/** History state of an entry the app pushed to open a composer: leaving it goes one step back. */
export interface ComposerEntryState {
  isComposerOpenedInApp: true;
}

const OPENED_IN_APP: ComposerEntryState = { isComposerOpenedInApp: true };

export function isOpenedInApp(state: unknown): boolean {
  return (state as Partial<ComposerEntryState> | null)?.isComposerOpenedInApp === true;
}

/** spec 2 §2 `goBack={page}`: the page's path and query without the leading slash. */
function goBackFor(location: Pick<Path, 'pathname' | 'search'>): string {
  return `${location.pathname}${location.search}`.replace(/^\/+/, '');
}

function goBackQuery(goBack: string): string {
  return `goBack=${encodeURIComponent(goBack).replace(/%2F/g, '/')}`;
}

export function postComposerUrl(goBack: string): string {
  return `${POST_COMPOSER_PATH}?${goBackQuery(goBack)}`;
}

function commentComposerUrl(targetId: string, goBack: string): string {
  return `/create/comment/${encodeURIComponent(targetId)}?${goBackQuery(goBack)}`;
}

export function isComposerPath(pathname: string): boolean {
  return pathname === POST_COMPOSER_PATH || matchPath(COMMENT_COMPOSER_ROUTE, pathname) !== null;
}

/** Props for a <Link> that opens the post composer from the current page. */
export function usePostComposerLink(): { to: To; mask?: To; replace?: boolean; state: ComposerEntryState } {
  const location = useLocation();
  const isPhone = useIsPhoneLayout();
  if (isComposerPath(location.pathname)) return { to: postComposerUrl('home'), state: OPENED_IN_APP };
  const url = postComposerUrl(goBackFor(location));
  if (isPhone) return { to: url, state: OPENED_IN_APP };
  const { pathname, search, hash } = location;
  // The page stays mounted under the modal: its screen key must not change (screenKey). A link to
  // the current path replaces the entry unless told otherwise; the modal needs its own, for Back.
  return {
    to: { pathname, search, hash },
    mask: url,
    replace: false,
    state: { ...keepScreen(location), ...OPENED_IN_APP },
  };
}

/**
 * On phones, opens /create/comment/{id} for a comment on a post or a reply to
 * a comment; null on desktop, where the post page keeps its inline forms.
 */
export function useCommentComposer(): ((targetId: string) => void) | null {
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useIsPhoneLayout();
  const open = useCallback(
    (targetId: string) => navigate(commentComposerUrl(targetId, goBackFor(location)), { state: OPENED_IN_APP }),
    [location, navigate],
  );
  return isPhone ? open : null;
}

/** State for a navigation that must mount a fresh copy of its page even when the path is unchanged. */
export function freshScreenState(): { freshScreen: string } {
  return { freshScreen: String(Date.now()) };
}

/**
 * The key the shell gives its screen: a new path mounts a new screen, and so
 * does a navigation with freshScreenState() (a composer's modal has just sent
 * something the page behind it must show). Opening and closing the modal keep
 * the key, so the page behind keeps its scroll and data.
 */
export function screenKey(location: Location): string {
  const { freshScreen } = keepScreen(location);
  return freshScreen ? `${location.pathname}#${freshScreen}` : location.pathname;
}

/** The part of a location's state that screenKey reads, for a navigation that keeps the same screen. */
function keepScreen(location: Pick<Location, 'state'>): { freshScreen?: string } {
  const fresh = (location.state as { freshScreen?: unknown } | null)?.freshScreen;
  return typeof fresh === 'string' ? { freshScreen: fresh } : {};
}
