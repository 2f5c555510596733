import { Link } from 'react-router';
import { AdStatusPill } from '../../lib/ad-status-pill.tsx';
import { formatAdDate } from './ad-figures.ts';
import type { MyAdsState } from './use-my-ads.ts';

/** spec 3 §2 Ads list: the viewer's ads, newest first, each with its date and status label; 'No Ads' when none. */
export function AdList({ state, activeAdId }: { state: MyAdsState; activeAdId: string | null }) {
  return (
    <section className="card my-ads__list" aria-labelledby="my-ads-title">
      <h1 id="my-ads-title" className="my-ads__title">
        My Ads
      </h1>
      {state.status === 'loading' && (
        <div className="my-ads__loading" role="status" aria-busy="true" aria-label="Loading your ads">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </div>
      )}
      {state.status === 'failed' && <p className="my-ads__empty">Your ads could not be loaded. Please try again.</p>}
      {state.status === 'ready' && state.ads.length === 0 && (
        <div className="my-ads__empty">
          <p className="my-ads__empty-title">No Ads</p>
          <p className="my-ads__empty-text">Boost a post from its page and its ad shows here.</p>
        </div>
      )}
      {state.status === 'ready' && state.ads.length > 0 && (
        <ul className="my-ads__rows">
          {state.ads.map((ad) => (
            <li key={ad.id}>
              <Link
                to={`/ads/${ad.id}`}
                className={`my-ads__row${ad.id === activeAdId ? ' my-ads__row--active' : ''}`}
                aria-current={ad.id === activeAdId ? 'page' : undefined}
              >
                <span className="my-ads__row-text">
                  <span className="my-ads__row-title">{ad.title}</span>
                  <span className="my-ads__row-date">{formatAdDate(ad.createdAt)}</span>
                </span>
                <AdStatusPill ad={ad} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
