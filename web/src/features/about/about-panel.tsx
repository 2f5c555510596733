import type { CampusDto } from '@campus/shared/campus-api';

/** The 'About' section: what the group is and where (spec 2 §2, campus location_details). */
export function AboutPanel({ campus }: { campus: CampusDto }) {
  const place = [campus.city, campus.state].filter(Boolean).join(', ');
  return (
    <section className="card about-panel" aria-labelledby="about-group-title">
      <h2 id="about-group-title" className="about-panel__title">
        About this group
      </h2>
      <p>
        The buy / sell community of {campus.name}. Students post things for sale, ask for what they need and message
        each other privately. Posting and messaging need a verified school e-mail.
      </p>
      <ul className="about-facts">
        <li>{campus.privacy === 'private' ? 'Private: only members see posts' : 'Public: anyone can see posts'}</li>
        {place && <li>{place}</li>}
      </ul>
    </section>
  );
}
