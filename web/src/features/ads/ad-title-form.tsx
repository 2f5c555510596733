import type { AdDto } from '@campus/shared/ad-api';
import { AD_LIMITS, AD_MESSAGES } from '@campus/shared/ad-rules';
import { GENERIC_MESSAGES } from '@campus/shared/errors';
import { type FormEvent, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { adOutcome } from './ad-answer.ts';
import { adsApi } from './ads-api.ts';

/**
 * spec 3 §2: the ad's title, at most 50 characters. Save is disabled while the
 * title is empty or unchanged; success shows 'Saved changes!', failure the
 * server's messages, each as an alert.
 */
export function AdTitleForm({ ad, onSaved, onMissing }: { ad: AdDto; onSaved(ad: AdDto): void; onMissing(): void }) {
  const { showAlert } = useAlerts();
  const [title, setTitle] = useState(ad.title);
  const [isPending, setIsPending] = useState(false);

  // Trimmed both sides: a title kept with a trailing space is unchanged by its own trim (issue 39 item 3).
  const isUnchanged = title.trim() === ad.title.trim();
  const canSave = title.trim() !== '' && !isUnchanged && !isPending;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    setIsPending(true);
    try {
      const outcome = adOutcome(await adsApi.rename(ad.id, title.trim()));
      if (outcome.kind === 'done' && outcome.body) {
        setTitle(outcome.body.ad.title);
        onSaved(outcome.body.ad);
        showAlert(AD_MESSAGES.saved, 'success');
      } else if (outcome.kind === 'missing') onMissing();
      else if (outcome.kind === 'refused') {
        const messages = outcome.messages.length > 0 ? outcome.messages : [GENERIC_MESSAGES.somethingWentWrong];
        for (const msg of messages) showAlert(msg, 'danger');
      }
    } catch (error) {
      showAlert(error instanceof Error ? error.message : GENERIC_MESSAGES.somethingWentWrong, 'danger');
    }
    setIsPending(false);
  }

  return (
    <form className="card ad-panel__section ad-title-form" onSubmit={save}>
      <label className="field">
        <span className="field__label">Ad title</span>
        <input
          className="field__input"
          value={title}
          maxLength={AD_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
        />
        <span className="field__meta">
          <span />
          <span className="field__counter">
            {title.length}/{AD_LIMITS.titleMax}
          </span>
        </span>
      </label>
      <button type="submit" className="button button--primary" disabled={!canSave}>
        {isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
