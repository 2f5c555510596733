import { Link } from 'react-router';
import { useCampus } from '../campus/campus-context.tsx';

/** spec 1 §2: the not-found page with the campus logo and 'Go To Feed'. */
export function NotFound() {
  const campus = useCampus();
  return (
    <section className="card empty-state" aria-labelledby="not-found-title">
      <img src={campus.logoUrl} alt={`${campus.shortName} logo`} width={72} height={72} className="empty-state__logo" />
      <h1 id="not-found-title" className="empty-state__title">
        This page doesn't exist.
      </h1>
      <p className="empty-state__text">Try searching for something else.</p>
      <Link to="/home" className="button button--primary">
        Go To Feed
      </Link>
    </section>
  );
}
