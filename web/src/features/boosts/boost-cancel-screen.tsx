import { AD_MESSAGES, AD_STORED_ALERTS } from '@campus/shared/ad-rules';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { storeAlert } from '../../lib/alerts/stored-alerts.ts';
import { boostApi } from './boost-api.ts';
import { CheckoutReturn } from './checkout-return.tsx';

/**
 * /post/{id}/boost/cancel?session_id= (spec 3 §2 Cancel page): 'Ad
 * Cancelled'; the checkout ad of the session is deleted and the student goes
 * back to the post with cancelled_ad. Paid meanwhile (409), the server has
 * made it active instead: the post then says actived_ad (decision 043).
 */
export function BoostCancelScreen() {
  const { postId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id') ?? '';
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    async function cancel() {
      try {
        const answer = await boostApi.cancel(sessionId);
        if (!isCurrent) return;
        // 404: the ad is gone already (a second tab, a retry): the post says cancelled all the same.
        if (answer.status === 204 || answer.status === 404) storeAlert(AD_STORED_ALERTS.cancelledAd);
        else if (answer.status === 409) storeAlert(AD_STORED_ALERTS.activedAd);
        else return setProblem(AD_MESSAGES.somethingWentWrong);
        navigate(`/post/${postId}`, { replace: true });
      } catch {
        if (isCurrent) setProblem(AD_MESSAGES.somethingWentWrong);
      }
    }
    if (sessionId) void cancel();
    else setProblem(AD_MESSAGES.notFound);
    return () => {
      isCurrent = false;
    };
  }, [navigate, postId, sessionId]);

  return (
    <CheckoutReturn
      title="Ad Cancelled"
      postId={postId}
      isWorking={problem === null}
      detail={problem ?? 'Going back to your post…'}
    />
  );
}
