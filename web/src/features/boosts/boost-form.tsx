import type { CreateAdRequest } from '@campus/shared/ad-requests';
import {
  AD_CTA_LABELS,
  AD_LIMITS,
  AD_PRICE_PER_DAY_CENTS,
  AD_REACH,
  amountBudgetedCents,
  fundsAppliedCents,
} from '@campus/shared/ad-rules';
import { formatPrice } from '@campus/shared/display-format';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../lib/confirm-modal.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';

/** Boost prices are whole dollars (spec 3 §9); nothing due is '$0', not a listing's 'Free'. */
const formatCents = (cents: number) => (cents === 0 ? '$0' : formatPrice(cents / 100));

type Goal = CreateAdRequest['goal'];
type CtaLabel = (typeof AD_CTA_LABELS)[number];

/** The server's 422 messages by field ('url', 'label', 'days'), shown under their fields. */
export type FieldErrors = Partial<Record<'url' | 'label' | 'days' | 'form', string>>;

/**
 * The Boost page's form (spec 3 §2): goal, website and button label, 1–30
 * days or run until paused, the budget and the reach estimate, and (issue 35
 * item 3) the Available Funds applied and the amount due before Boost Post; a
 * boost paid wholly from funds asks first. The server checks every rule and
 * that the funds are still those shown; its messages come back as `errors`,
 * and nothing typed is lost.
 */
export function BoostForm({
  postId,
  availableFunds,
  errors,
  isPending,
  onSubmit,
  onFieldChange,
}: {
  postId: string;
  /** Cents, or null until known. */
  availableFunds: number | null;
  errors: FieldErrors;
  isPending: boolean;
  onSubmit: (request: CreateAdRequest) => void;
  /** A field was changed: its old message goes. */
  onFieldChange: (field: keyof FieldErrors) => void;
}) {
  const [goal, setGoal] = useState<Goal>('website');
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState<CtaLabel>(AD_CTA_LABELS[0]);
  const [days, setDays] = useState<number>(AD_LIMITS.daysDefault);
  const [runUntilPaused, setRunUntilPaused] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const total = runUntilPaused ? AD_PRICE_PER_DAY_CENTS : amountBudgetedCents(days);
  const fundsApplied = availableFunds === null ? null : fundsAppliedCents(availableFunds, total, runUntilPaused);
  const amountDue = total - (fundsApplied ?? 0);

  function send() {
    setIsConfirming(false);
    const duration = { postId, days, runUntilPaused, ...(fundsApplied === null ? {} : { fundsApplied }) };
    onSubmit(goal === 'website' ? { goal, url, label, ...duration } : { goal, ...duration });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Paid wholly from Available Funds, no checkout follows: the student says yes first. Run until
    // paused still goes to checkout (to save the card for later days), which asks for itself.
    if (amountDue === 0 && !runUntilPaused) setIsConfirming(true);
    else send();
  }

  const budget = runUntilPaused
    ? `${formatCents(AD_PRICE_PER_DAY_CENTS)} daily`
    : `${days} ${days === 1 ? 'day' : 'days'} x ${formatCents(AD_PRICE_PER_DAY_CENTS)} = ${formatCents(amountBudgetedCents(days))}`;
  return (
    <form className="card form boost-form" onSubmit={submit} noValidate>
      <fieldset className="boost-form__group">
        <legend className="field__label">Boost goal</legend>
        <GoalOption goal="website" current={goal} onChange={setGoal} title="Get more website visits" />
        <GoalOption goal="message" current={goal} onChange={setGoal} title="Get more messages" />
      </fieldset>
      {goal === 'website' && (
        <>
          <TextField
            label="Website URL"
            type="url"
            inputMode="url"
            placeholder="https://www.example.com"
            value={url}
            maxLength={AD_LIMITS.urlMax}
            error={errors.url}
            onChange={(event) => {
              setUrl(event.target.value);
              onFieldChange('url');
            }}
          />
          <label className={`field${errors.label ? ' field--invalid' : ''}`}>
            <span className="field__label">Button label</span>
            <select
              className="field__input"
              value={label}
              onChange={(event) => {
                setLabel(event.target.value as CtaLabel);
                onFieldChange('label');
              }}
            >
              {AD_CTA_LABELS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
            {errors.label && (
              <span className="field__error" role="alert">
                {errors.label}
              </span>
            )}
          </label>
        </>
      )}
      <div className={`field${errors.days ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="boost-days">
          Duration: {runUntilPaused ? 'until paused' : `${days} ${days === 1 ? 'day' : 'days'}`}
        </label>
        <input
          id="boost-days"
          type="range"
          className="boost-form__slider"
          min={AD_LIMITS.daysMin}
          max={AD_LIMITS.daysMax}
          value={days}
          disabled={runUntilPaused}
          onChange={(event) => setDays(Number(event.target.value))}
        />
        <label className="boost-form__check">
          <input
            type="checkbox"
            checked={runUntilPaused}
            onChange={(event) => setRunUntilPaused(event.target.checked)}
          />
          Run until paused
        </label>
        {errors.days && (
          <p className="field__error" role="alert">
            {errors.days}
          </p>
        )}
      </div>
      <dl className="boost-form__summary">
        <div>
          <dt>Budget</dt>
          <dd>{budget}</dd>
        </div>
        {fundsApplied !== null && fundsApplied > 0 && (
          <div>
            <dt>Available Funds applied</dt>
            <dd>-{formatCents(fundsApplied)}</dd>
          </div>
        )}
        <div>
          <dt>{runUntilPaused ? 'Due today' : 'Amount due'}</dt>
          <dd>{formatCents(amountDue)}</dd>
        </div>
        <div>
          <dt>Estimated daily reach</dt>
          <dd>{runUntilPaused ? AD_REACH.runUntilPaused : AD_REACH.fixed}</dd>
        </div>
      </dl>
      {runUntilPaused && availableFunds !== null && (
        <p className="boost-form__note">{runUntilPausedNote(availableFunds, fundsApplied ?? 0)}</p>
      )}
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={isPending || availableFunds === null}>
        Boost Post
      </button>
      {isConfirming && (
        <ConfirmModal
          title="Pay from Available Funds?"
          text={`${formatCents(total)} comes from your Available Funds (${formatCents(availableFunds ?? 0)}), and the boost starts now. No card is charged.`}
          confirmLabel={`Pay ${formatCents(total)} and boost`}
          isDestructive={false}
          isPending={isPending}
          onConfirm={send}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </form>
  );
}

/** Where each day's $5 of a run-until-paused boost comes from (decision 040: Available Funds first). */
function runUntilPausedNote(availableFunds: number, fundsApplied: number): string {
  const daily = formatCents(AD_PRICE_PER_DAY_CENTS);
  if (fundsApplied > 0)
    return `Today is paid from your Available Funds (${formatCents(availableFunds)}). Checkout saves a card without charging it: it pays ${daily} a day once your funds are spent.`;
  if (availableFunds > 0)
    return `Today is paid by card, which is kept for the next days. Each next day uses your Available Funds (${formatCents(availableFunds)}) first.`;
  return `Today is paid by card, which is kept for the next days: ${daily} each day until you pause.`;
}

function GoalOption({
  goal,
  current,
  title,
  onChange,
}: {
  goal: Goal;
  current: Goal;
  title: string;
  onChange: (goal: Goal) => void;
}) {
  return (
    <label className={`boost-form__goal${goal === current ? ' boost-form__goal--chosen' : ''}`}>
      <input type="radio" name="boost-goal" value={goal} checked={goal === current} onChange={() => onChange(goal)} />
      <span>
        <strong>{goal === 'website' ? 'Website' : 'Message'}</strong>
        <span className="boost-form__hint">{title}</span>
      </span>
    </label>
  );
}
