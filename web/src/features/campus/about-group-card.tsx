import { formatCount } from '@campus/shared/display-format';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { Icon } from '../../lib/icon.tsx';
import { ShareGroupButton } from '../../lib/share/share-group-button.tsx';

/** spec 1 §1: 'About This Group' shows the member count and the city; §6 'Share Group' for members. */
export function AboutGroupCard() {
  const campus = useCampus();
  const isMember = useIsCampusMember();
  const city = [campus.city, campus.state].filter(Boolean).join(', ');
  return (
    <section className="card side-card" aria-labelledby="about-group-title">
      <h2 id="about-group-title" className="side-card__title">
        About This Group
      </h2>
      <p className="side-card__text">
        The marketplace and community for students at {campus.name}. Buy, sell and talk with people on your campus.
      </p>
      <ul className="side-card__facts">
        <li>
          <Icon name="users" size={18} />
          <span>
            <strong>{formatCount(campus.memberCount)}</strong> {campus.memberCount === 1 ? 'member' : 'members'}
          </span>
        </li>
        {city && (
          <li>
            <Icon name="pin" size={18} />
            <span>{city}</span>
          </li>
        )}
        <li>
          <Icon name="school" size={18} />
          <span>Private group for verified students</span>
        </li>
      </ul>
      {isMember && <ShareGroupButton campus={campus} />}
    </section>
  );
}
