import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from './icon.tsx';

export interface ScreenHeaderProps {
  /** The variant's title; null while it loads (a grey line in its place). */
  title: string | null;
  /** Where Back goes when the tab opened on this screen: there is no page of ours behind it. */
  fallback: string;
  /** A second line under the title (the profile's post count). */
  subtitle?: ReactNode;
  /** The heading's id, for a region named by it. */
  titleId?: string;
}

/**
 * The header variants of spec 1 §2 ("notifications, saved, profile, profile
 * edit, post ('{first name}'s post'), media post, liked by, boost"): a bar at
 * the top of the screen with Back and the screen's title (decision 028). Back
 * goes to the previous page in the app, or to `fallback`.
 */
export function ScreenHeader({ title, fallback, subtitle, titleId }: ScreenHeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router names the page the tab opened on 'default': there is nothing of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
  return (
    <header className="card screen-header">
      <button type="button" className="icon-button" aria-label="Back" onClick={goBack}>
        <Icon name="back" />
      </button>
      {title === null ? (
        <span className="skeleton skeleton--line" />
      ) : (
        <div className="screen-header__titles">
          <h1 id={titleId} className="screen-header__title">
            {title}
          </h1>
          {subtitle && <p className="screen-header__subtitle">{subtitle}</p>}
        </div>
      )}
    </header>
  );
}
