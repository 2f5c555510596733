import { campusDirectMessageUrl, campusSocialHandle } from '@campus/shared/info-pages';
import { useCampus } from '../../app/campus/campus-context.tsx';

/** spec 3 §1: support and feedback go through a direct message to the campus-named account. */
export function DirectMessageLink({ label }: { label: string }) {
  const { shortName } = useCampus();
  return (
    <div className="info-page__contact">
      <a className="button button--primary" href={campusDirectMessageUrl(shortName)} target="_blank" rel="noreferrer">
        {label}
      </a>
      <p className="info-page__handle">
        Instagram: <strong>@{campusSocialHandle(shortName)}</strong>
      </p>
    </div>
  );
}
