import { Icon } from '../../lib/icon.tsx';

/** The right-hand pane of /ads on wide screens before an ad is chosen. */
export function NoAdSelected({ hasAds }: { hasAds: boolean }) {
  return (
    <section className="card ad-panel ad-panel--empty" aria-label="No ad open">
      <span className="ad-panel__mark">
        <Icon name="trending" size={32} />
      </span>
      <h2 className="empty-state__title">Ad analytics</h2>
      <p className="empty-state__text">
        {hasAds
          ? 'Pick an ad to see its views, reach and time left.'
          : 'Boost one of your posts and its analytics show here.'}
      </p>
    </section>
  );
}
