import { NavLink, useLocation } from 'react-router';
import { useAuthGate } from '../../features/auth/auth-gate-context.tsx';
import type { Viewer } from '../../features/auth/use-viewer.ts';
import { Icon } from '../../lib/icon.tsx';

/** The phone bottom bar of school sites (spec 1 §2): home, search, add post, messages, notifications. */
export function BottomBar({ viewer }: { viewer: Viewer | null }) {
  const openAuthGate = useAuthGate();
  const { pathname } = useLocation();
  return (
    <nav className="bottom-bar" aria-label="Quick">
      <NavLink
        to="/home"
        className="bottom-bar__item"
        aria-label="Home"
        onClick={() => {
          // spec 1 §2: tapping home while on home scrolls to the top.
          if (pathname === '/home') window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      >
        <Icon name="home" />
      </NavLink>
      <NavLink to="/search" className="bottom-bar__item" aria-label="Search">
        <Icon name="search" />
      </NavLink>
      {viewer ? (
        <NavLink to="/create/post?goBack=home" className="bottom-bar__item bottom-bar__add" aria-label="Add post">
          <Icon name="plus" />
        </NavLink>
      ) : (
        <button
          type="button"
          className="bottom-bar__item bottom-bar__add"
          aria-label="Add post"
          onClick={() => openAuthGate('post')}
        >
          <Icon name="plus" />
        </button>
      )}
      {viewer ? (
        <NavLink to="/messages" className="bottom-bar__item" aria-label="Messages">
          <Icon name="message" />
        </NavLink>
      ) : (
        <button
          type="button"
          className="bottom-bar__item"
          aria-label="Messages"
          onClick={() => openAuthGate('message')}
        >
          <Icon name="message" />
        </button>
      )}
      {viewer ? (
        <NavLink to="/notifications" className="bottom-bar__item" aria-label="Notifications">
          <Icon name="bell" />
        </NavLink>
      ) : (
        <button
          type="button"
          className="bottom-bar__item"
          aria-label="Notifications"
          onClick={() => openAuthGate('join')}
        >
          <Icon name="bell" />
        </button>
      )}
    </nav>
  );
}
