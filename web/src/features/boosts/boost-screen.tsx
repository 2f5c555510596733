import type { CreateAdResponse } from '@campus/shared/ad-api';
import type { CreateAdRequest } from '@campus/shared/ad-requests';
import { AD_MESSAGES, AD_STORED_ALERTS } from '@campus/shared/ad-rules';
import { isErrorEnvelope } from '@campus/shared/errors';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { storeAlert } from '../../lib/alerts/stored-alerts.ts';
import { Icon } from '../../lib/icon.tsx';
import { ScreenHeader } from '../../lib/screen-header.tsx';
import { postUnavailableText, usePostPage } from '../posts/index.ts';
import { boostApi } from './boost-api.ts';
import { BoostForm, type FieldErrors } from './boost-form.tsx';
import { adInProgress, usePostAds } from './use-post-ads.ts';

/**
 * /post/{id}/boost (spec 3 §2 Boost page; decision 043): the owner's form.
 * A post already boosted goes back to the post with already_boosted; a
 * created ad goes to its checkout page (Stripe's, or the test-mode one).
 */
export function BoostScreen() {
  const { postId = '' } = useParams();
  const { state } = usePostPage(postId);
  const isOwner = state.status === 'ready' && state.page.isOwner;
  const ads = usePostAds(postId, isOwner, isOwner);
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isPending, setIsPending] = useState(false);
  // What the form shows as applied and due (issue 35 item 3); asked again after a refusal.
  const [availableFunds, setAvailableFunds] = useState<number | null>(null);
  const [fundsAsked, setFundsAsked] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `fundsAsked` asks again (a refused boost).
  useEffect(() => {
    if (!isOwner) return;
    let isCurrent = true;
    boostApi
      .funds()
      .then((answer) => isCurrent && setAvailableFunds(answer.availableFunds))
      // Offline or refused: the form shows no funds line, and the server applies none it did not show.
      .catch(() => isCurrent && setAvailableFunds(0));
    return () => {
      isCurrent = false;
    };
  }, [isOwner, fundsAsked]);

  // spec 3 §5: someone else's post gets the browser alert, then the post (issue 39 item 6: the
  // message sat in the page instead).
  const { boostsAvailable } = useCampus();
  const isSomeoneElses = state.status === 'ready' && !state.page.isOwner && boostsAvailable;
  useEffect(() => {
    if (!isSomeoneElses) return;
    showAlert(AD_MESSAGES.checkoutFailed, 'danger');
    navigate(`/post/${postId}`, { replace: true });
  }, [isSomeoneElses, navigate, postId, showAlert]);

  const isAlreadyBoosted = ads.isLoaded && adInProgress(ads.ownAds) !== null;
  useEffect(() => {
    if (!isAlreadyBoosted) return;
    storeAlert(AD_STORED_ALERTS.alreadyBoosted);
    navigate(`/post/${postId}`, { replace: true });
  }, [isAlreadyBoosted, navigate, postId]);

  async function boost(request: CreateAdRequest) {
    setIsPending(true);
    setErrors({});
    try {
      const answer = await boostApi.create(request);
      if (answer.status === 201) {
        const created = answer.body as CreateAdResponse;
        showAlert(created.msg, 'okay');
        window.location.assign(created.checkoutUrl);
        return;
      }
      const problems = isErrorEnvelope(answer.body) ? answer.body.errors : [];
      if (problems.some((problem) => problem.code === 'already_boosted')) {
        storeAlert(AD_STORED_ALERTS.alreadyBoosted);
        navigate(`/post/${postId}`, { replace: true });
        return;
      }
      // No payment provider, or a checkout for this post already open elsewhere: the server's words.
      const refusal = problems.find((problem) => problem.code === 'unavailable' || problem.code === 'conflict');
      if (refusal) {
        showAlert(refusal.msg, 'danger');
        setFundsAsked((count) => count + 1);
      } else if (answer.status === 422 && problems.length > 0) {
        const byField: FieldErrors = {};
        for (const problem of problems) {
          const field =
            problem.field === 'url' || problem.field === 'label' || problem.field === 'days' ? problem.field : 'form';
          byField[field] ??= problem.msg;
        }
        setErrors(byField);
      } else showAlert(AD_MESSAGES.checkoutFailed, 'danger');
    } catch {
      // spec 3 §8: a checkout link failure.
      showAlert(AD_MESSAGES.checkoutFailed, 'danger');
    }
    setIsPending(false);
  }

  return (
    <div className="boost-page">
      <ScreenHeader title="Boost Post" fallback={`/post/${postId}`} />
      <BoostBody postId={postId} state={state} isOwner={isOwner}>
        {ads.isLoaded && !isAlreadyBoosted && (
          <BoostForm
            postId={postId}
            availableFunds={availableFunds}
            errors={errors}
            isPending={isPending}
            onSubmit={boost}
            onFieldChange={(field) => setErrors(({ [field]: _dropped, ...rest }) => rest)}
          />
        )}
      </BoostBody>
    </div>
  );
}

function BoostBody({
  postId,
  state,
  isOwner,
  children,
}: {
  postId: string;
  state: ReturnType<typeof usePostPage>['state'];
  isOwner: boolean;
  children: React.ReactNode;
}) {
  const { boostsAvailable } = useCampus();
  if (state.status === 'loading') return <section className="card boost-page__loading" aria-busy="true" />;
  if (!boostsAvailable) {
    // This server has no payment provider (decision 041).
    return (
      <section className="card empty-state">
        <h2 className="empty-state__title">{AD_MESSAGES.boostsUnavailable}</h2>
        <Link to={`/post/${encodeURIComponent(postId)}`} className="button button--primary">
          Back to the post
        </Link>
      </section>
    );
  }
  // Someone else's post: the screen says so in an alert and goes to the post (BoostScreen).
  if (state.status === 'ready' && !isOwner) return <section className="card boost-page__loading" aria-busy="true" />;
  if (state.status !== 'ready') {
    // A missing post (spec 3 §8: "Hmm...this page doesn't exist..."), or one that could not load.
    return (
      <section className="card empty-state">
        <h2 className="empty-state__title">{postUnavailableText(state)}</h2>
        <Link to="/home" className="button button--primary">
          <Icon name="home" size={18} /> Home
        </Link>
      </section>
    );
  }
  return <>{children}</>;
}
