import { NavLink } from 'react-router';

/** spec 2 §2 Home feed: tabs For You (/home), Photos (/media), About (/about). */
export function FeedTabs() {
  return (
    <nav className="feed-tabs" aria-label="Feed">
      <NavLink to="/home" end className="feed-tabs__tab">
        For You
      </NavLink>
      <NavLink to="/media" className="feed-tabs__tab">
        Photos
      </NavLink>
      <NavLink to="/about" className="feed-tabs__tab">
        About
      </NavLink>
    </nav>
  );
}
