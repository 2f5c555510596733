import { INFO_PAGE_TITLES, POSTING_SECONDS } from '@campus/shared/info-pages';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { InfoPage } from './info-page.tsx';

/** spec 3 §2 About: browse items nearby, message sellers, view profiles, post in under 30 seconds. */
export function AboutPage() {
  const campus = useCampus();
  return (
    <InfoPage title={INFO_PAGE_TITLES.about}>
      <p>
        {campus.shortName} Buy / Sell is the buy and sell community for students of {campus.name}. Textbooks, furniture,
        bikes, tickets, a lamp for the dorm: whatever you need is probably a short walk away.
      </p>
      <ul className="info-page__features">
        <li>Browse items for sale nearby, from students at your school.</li>
        <li>Message sellers directly to ask a question or make an offer.</li>
        <li>View profiles to see who you are dealing with.</li>
        <li>Post something for sale in under {POSTING_SECONDS} seconds.</li>
      </ul>
      <p>It is free to join with your school e-mail, and made by students, for students.</p>
    </InfoPage>
  );
}
