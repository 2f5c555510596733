import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../lib/icon.tsx';

/**
 * The post variant of the header (spec 1 §2 "Header variants": post,
 * '{first name}'s post') with a back button: back where the student came
 * from, or to /home when the post was opened from a link.
 */
export function PostPageHeader({ firstName }: { firstName: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router names the page the tab opened on 'default': there is nothing of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/home') : navigate(-1));
  return (
    <header className="card post-page__header">
      <button type="button" className="icon-button" aria-label="Back" onClick={goBack}>
        <Icon name="back" />
      </button>
      {firstName === null ? (
        <span className="skeleton skeleton--line" />
      ) : (
        <h1 className="post-page__title">{firstName}'s post</h1>
      )}
    </header>
  );
}
