import { AD_MESSAGES, AD_STORED_ALERTS } from '@campus/shared/ad-rules';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { storeAlert } from '../../lib/alerts/stored-alerts.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { boostApi } from './boost-api.ts';
import { CheckoutReturn } from './checkout-return.tsx';

/** decision 043: ask the server about once a second, for about 30 seconds. */
const CONFIRM_POLL_MS = 1000;
const CONFIRM_POLL_TRIES = 30;

/**
 * /post/{id}/boost/success?session_id= (spec 3 §2 Success page): 'Payment
 * Success', then asks the server to confirm the session until the ad is
 * active. It never activates anything: the server asks the processor
 * whether the session is paid (decisions 040, 041).
 */
export function BoostSuccessScreen() {
  const { postId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id') ?? '';
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let timer = 0;
    async function attempt(tries: number) {
      try {
        const { ad } = await boostApi.confirm(sessionId);
        if (!isCurrent) return;
        if (ad.status === 'active') {
          storeAlert(AD_STORED_ALERTS.activedAd);
          navigate(`/post/${postId}`, { replace: true });
          return;
        }
        // Paid, but the post was boosted meanwhile (another tab): the server kept the money as funds.
        if (ad.status === 'stopped') return setProblem(AD_MESSAGES.paidToFunds);
      } catch (error) {
        if (!isCurrent) return;
        // An unknown session will not become known: stop asking.
        if (error instanceof ApiRequestError && error.status === 404) return setProblem(AD_MESSAGES.notFound);
      }
      if (tries + 1 >= CONFIRM_POLL_TRIES) return setProblem(AD_MESSAGES.notPaid);
      timer = window.setTimeout(() => void attempt(tries + 1), CONFIRM_POLL_MS);
    }
    if (sessionId) void attempt(0);
    else setProblem(AD_MESSAGES.notFound);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [navigate, postId, sessionId]);

  return (
    <CheckoutReturn
      title="Payment Success"
      postId={postId}
      isWorking={problem === null}
      detail={problem ?? 'Starting your ad…'}
    />
  );
}
