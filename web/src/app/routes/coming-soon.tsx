import { Link } from 'react-router';
import { Icon } from '../../lib/icon.tsx';

/** A registered route whose screen is not built yet: a calm placeholder, never a crash. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="card empty-state" aria-labelledby="coming-soon-title">
      <Icon name="school" size={40} />
      <h1 id="coming-soon-title" className="empty-state__title">
        {title}
      </h1>
      <p className="empty-state__text">This part of the app is coming soon.</p>
      <Link to="/home" className="button button--outline">
        Back to the feed
      </Link>
    </section>
  );
}
