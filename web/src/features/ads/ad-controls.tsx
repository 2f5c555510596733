import type { AdDto } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ConfirmModal } from '../../lib/confirm-modal.tsx';
import { adOutcome, controlFailure } from './ad-answer.ts';
import { type AdControl, adsApi } from './ads-api.ts';

type Action = AdControl | 'delete';

/** Each action's modal, alert on success and text on failure (spec 3 §2, §4, §8). */
const ACTIONS: Record<
  Action,
  { button: string; title: string; text: string; confirm: string; done: string; failed: string; danger: boolean }
> = {
  pause: {
    button: 'Pause Ad',
    title: 'Pause this ad?',
    text: 'It stops showing in the feed until you resume it. Its time left waits for you.',
    confirm: 'Pause Ad',
    done: AD_MESSAGES.paused,
    failed: AD_MESSAGES.pauseFailed,
    danger: false,
  },
  resume: {
    button: 'Resume',
    title: 'Resume this ad?',
    text: 'It shows in the feed again, with the time it had left when you paused it.',
    confirm: 'Resume',
    done: AD_MESSAGES.resumed,
    failed: AD_MESSAGES.resumeFailed,
    danger: false,
  },
  stop: {
    button: 'Stop',
    title: 'Stop this ad?',
    text: 'It stops for good and cannot be resumed. Days it has not started go to your Available Funds.',
    confirm: 'Stop Ad',
    done: AD_MESSAGES.stopped,
    failed: AD_MESSAGES.stopFailed,
    danger: true,
  },
  delete: {
    button: 'Delete ad',
    title: 'Delete this ad?',
    text: 'It leaves My Ads with its analytics. A running ad is stopped first.',
    confirm: 'Delete',
    done: '',
    failed: AD_MESSAGES.somethingWentWrong,
    danger: true,
  },
};

/** Pause Ad, Resume, Stop and delete, each asked first in a modal. */
export function AdControls({
  ad,
  onChanged,
  onDeleted,
  onMissing,
}: {
  ad: AdDto;
  onChanged(ad: AdDto): void;
  onDeleted(): void;
  onMissing(): void;
}) {
  const { showAlert } = useAlerts();
  const [asking, setAsking] = useState<Action | null>(null);
  const [isPending, setIsPending] = useState(false);
  const shown: Action[] = [];
  if (ad.status === 'active') shown.push('pause');
  if (ad.status === 'paused') shown.push('resume');
  if (ad.status !== 'stopped' && ad.status !== 'completed' && ad.status !== 'checkout') shown.push('stop');

  async function run(action: Action) {
    const words = ACTIONS[action];
    setIsPending(true);
    try {
      const answer = action === 'delete' ? await adsApi.remove(ad.id) : await adsApi.control(ad.id, action);
      const outcome = adOutcome(answer);
      setAsking(null);
      if (outcome.kind === 'missing') onMissing();
      else if (outcome.kind === 'refused') showAlert(controlFailure(outcome.messages, words.failed), 'danger');
      else if (action === 'delete') onDeleted();
      else {
        if (outcome.body) onChanged(outcome.body.ad);
        showAlert(words.done, 'success');
      }
    } catch {
      setAsking(null);
      showAlert(words.failed, 'danger');
    }
    setIsPending(false);
  }

  const question = asking ? ACTIONS[asking] : null;
  return (
    <section className="card ad-panel__section ad-controls" aria-label="Ad controls">
      {shown.map((action) => (
        <button
          key={action}
          type="button"
          className={`button ${action === 'stop' ? 'button--outline ad-controls__stop' : 'button--primary'}`}
          onClick={() => setAsking(action)}
        >
          {ACTIONS[action].button}
        </button>
      ))}
      <button type="button" className="button button--outline ad-controls__delete" onClick={() => setAsking('delete')}>
        {ACTIONS.delete.button}
      </button>
      {asking && question && (
        <ConfirmModal
          title={question.title}
          text={
            asking === 'stop' && ad.runUntilPaused
              ? 'It stops for good and cannot be resumed. No further day is charged.'
              : question.text
          }
          confirmLabel={question.confirm}
          isDestructive={question.danger}
          isPending={isPending}
          onConfirm={() => void run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
