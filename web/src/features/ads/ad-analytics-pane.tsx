import type { AdDto } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdStatusPill } from '../../lib/ad-status-pill.tsx';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { Icon } from '../../lib/icon.tsx';
import { AdControls } from './ad-controls.tsx';
import { AD_FIGURES, formatAdDate, formatFigure } from './ad-figures.ts';
import { adTimeLeftMs, formatTimeLeft, nextChargeText } from './ad-time-left.ts';
import { AdTitleForm } from './ad-title-form.tsx';
import { useAdAnalytics } from './use-ad-analytics.ts';

// uPlot is fetched with the chart only: a chunk of its own, never in /home's entry (decision 046).
const ViewsChart = lazy(() => import('./views-chart.tsx').then((module) => ({ default: module.ViewsChart })));

/**
 * /ads/{adId} (spec 3 §2 Ad analytics): the six figures ("--" while unpaid),
 * views per day, time left, the title and the controls. The figures are read
 * again every few seconds while the tab is visible (decision 046).
 */
export function AdAnalyticsPane({
  adId,
  onChanged,
  onDeleted,
}: {
  adId: string;
  onChanged(ad: AdDto): void;
  onDeleted(adId: string): void;
}) {
  const { state, setAd } = useAdAnalytics(adId);
  const navigate = useNavigate();
  const { showAlert } = useAlerts();

  // spec 3 §8: a missing or deleted ad.
  const onMissing = useCallback(() => {
    showAlert(AD_MESSAGES.deleted, 'danger');
    onDeleted(adId);
    navigate('/ads', { replace: true });
  }, [adId, navigate, onDeleted, showAlert]);
  const isMissing = state.status === 'missing';
  useEffect(() => {
    if (isMissing) onMissing();
  }, [isMissing, onMissing]);

  const ad = state.status === 'ready' ? state.ad : null;
  useEffect(() => {
    if (ad) onChanged(ad);
  }, [ad, onChanged]);

  if (state.status === 'loading' || state.status === 'missing') {
    return <section className="card ad-panel ad-panel--loading route-loading" aria-busy="true" />;
  }
  if (state.status === 'failed') {
    return (
      <section className="card ad-panel ad-panel--message">
        <p>This ad could not be loaded. Please check your connection and try again.</p>
      </section>
    );
  }
  const { analytics, viewsPerDay } = state;
  const current = state.ad;
  const change = (next: AdDto) => setAd(next);
  const nextCharge = nextChargeText(current);

  return (
    <div className="ad-panel">
      <header className="card ad-panel__section ad-panel__head">
        <Link to="/ads" className="icon-button ad-panel__back" aria-label="Back to My Ads">
          <Icon name="back" />
        </Link>
        <div className="ad-panel__titles">
          <h2 className="ad-panel__title">{current.title}</h2>
          <p className="ad-panel__meta">
            Created {formatAdDate(current.createdAt)} · <Link to={`/post/${current.postId}`}>View post</Link>
          </p>
          {current.status === 'stopped' && current.stopReason === 'payment_failed' && (
            <p className="ad-panel__notice" role="note">
              {AD_MESSAGES.stoppedUnpaid}
            </p>
          )}
        </div>
        <AdStatusPill ad={current} />
      </header>

      <section className="card ad-panel__section" aria-labelledby="ad-analytics-heading">
        <div className="ad-panel__row">
          <h3 id="ad-analytics-heading" className="ad-panel__heading">
            Analytics
          </h3>
          {nextCharge === null ? (
            <p className="ad-panel__time">
              <Icon name="clock" size={16} />
              <span>Time left: </span>
              <strong data-testid="ad-time-left">{formatTimeLeft(adTimeLeftMs(current, Date.now()))}</strong>
            </p>
          ) : (
            <p className="ad-panel__time">
              <Icon name="clock" size={16} />
              <span>Runs until you pause it. </span>
              <strong data-testid="ad-next-charge">{nextCharge}</strong>
            </p>
          )}
        </div>
        <dl className="ad-figures">
          {AD_FIGURES.map(({ key, label }) => (
            <div key={key} className="ad-figure">
              <dt>{label}</dt>
              <dd>{formatFigure(analytics, key)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card ad-panel__section" aria-labelledby="ad-chart-heading">
        <h3 id="ad-chart-heading" className="ad-panel__heading">
          Views per day <span className="ad-panel__note">(UTC)</span>
        </h3>
        <Suspense fallback={<div className="ad-chart__plot" aria-busy="true" />}>
          <ViewsChart days={viewsPerDay} />
        </Suspense>
      </section>

      <AdTitleForm key={current.id} ad={current} onSaved={change} onMissing={onMissing} />
      <AdControls
        ad={current}
        onChanged={change}
        onDeleted={() => {
          onDeleted(adId);
          navigate('/ads', { replace: true });
        }}
        onMissing={onMissing}
      />
    </div>
  );
}
