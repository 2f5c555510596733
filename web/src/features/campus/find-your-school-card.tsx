import { Link } from 'react-router';
import { Icon } from '../../lib/icon.tsx';

/** The generic site's home: every community is a school, so the first step is finding yours. */
export function FindYourSchoolCard() {
  return (
    <section className="card empty-state find-school" aria-labelledby="find-school-title">
      <span className="find-school__mark">
        <Icon name="school" size={40} />
      </span>
      <h1 id="find-school-title" className="empty-state__title">
        Buy and sell with students at your school
      </h1>
      <p className="empty-state__text">
        Each campus has its own private marketplace for verified students. Find yours to see what's for sale nearby.
      </p>
      <Link to="/search_schools" className="button button--primary">
        <Icon name="search" size={18} />
        Find Your School
      </Link>
    </section>
  );
}
