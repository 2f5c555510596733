import type { CampusDto } from '@campus/shared/campus-api';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { ShareGroupButton } from '../../lib/share/share-group-button.tsx';

/** The 'About' section: what the group is and where (spec 2 §2, campus location_details), and 'Share Group'. */
export function AboutPanel({ campus }: { campus: CampusDto }) {
  const isMember = useIsCampusMember();
  const place = [campus.city, campus.state].filter(Boolean).join(', ');
  return (
    <section className="card about-panel" aria-labelledby="about-panel-title">
      <h2 id="about-panel-title" className="about-panel__title">
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
      {/* spec 1 §6 'Share Group'; above 1170 px the right sidebar's About This Group card has it. */}
      {isMember && <ShareGroupButton campus={campus} className="about-panel__share" />}
    </section>
  );
}
