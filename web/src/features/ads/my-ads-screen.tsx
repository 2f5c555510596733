import { useParams } from 'react-router';
import '../../styles/ads.css';
import { AdAnalyticsPane } from './ad-analytics-pane.tsx';
import { AdList } from './ad-list.tsx';
import { NoAdSelected } from './no-ad-selected.tsx';
import { useMyAds } from './use-my-ads.ts';

/**
 * /ads and /ads/{adId} (spec 3 §2 Ads list and Ad analytics; decision 046).
 * From 1001px the list and the open ad sit side by side (as /messages); at
 * 1000px and below one shows at a time, chosen by CSS.
 */
export function MyAdsScreen() {
  const { adId = null } = useParams();
  const { state, update, remove } = useMyAds();
  return (
    <div className={`my-ads${adId ? ' my-ads--pane-open' : ''}`}>
      <AdList state={state} activeAdId={adId} />
      <div className="my-ads__pane">
        {adId ? (
          <AdAnalyticsPane key={adId} adId={adId} onChanged={update} onDeleted={remove} />
        ) : (
          <NoAdSelected hasAds={state.status === 'ready' && state.ads.length > 0} />
        )}
      </div>
    </div>
  );
}
