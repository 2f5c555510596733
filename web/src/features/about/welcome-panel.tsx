import type { CampusDto } from '@campus/shared/campus-api';
import { useAuthGate } from '../auth/index.ts';

/** Visitors only (spec 2 §2): a welcome with the way in. */
export function WelcomePanel({ campus }: { campus: CampusDto }) {
  const openAuthGate = useAuthGate();
  return (
    <section className="card about-panel about-welcome" aria-labelledby="about-welcome-title">
      <img src={campus.logoUrl} alt="" width={56} height={56} className="about-welcome__logo" />
      <h2 id="about-welcome-title" className="about-panel__title">
        Welcome to {campus.shortName} Buy / Sell
      </h2>
      <p>Buy and sell with students of {campus.name}: textbooks, furniture, tickets and more.</p>
      <button type="button" className="button button--primary" onClick={() => openAuthGate('join')}>
        Join Group
      </button>
    </section>
  );
}
