import type { CreateAdRequest } from '@campus/shared/ad-requests';
import {
  AD_CTA_LABELS,
  AD_LIMITS,
  AD_PRICE_PER_DAY_CENTS,
  AD_REACH,
  amountBudgetedCents,
} from '@campus/shared/ad-rules';
import { formatPrice } from '@campus/shared/display-format';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../lib/forms/text-field.tsx';

/** Boost prices are whole dollars (spec 3 §9). */
const formatCents = (cents: number) => formatPrice(cents / 100);

type Goal = CreateAdRequest['goal'];
type CtaLabel = (typeof AD_CTA_LABELS)[number];

/** The server's 422 messages by field ('url', 'label', 'days'), shown under their fields. */
export type FieldErrors = Partial<Record<'url' | 'label' | 'days' | 'form', string>>;

/**
 * The Boost page's form (spec 3 §2): goal, website and button label, 1–30
 * days or run until paused, the budget and the reach estimate. The server
 * checks every rule; its messages come back as `errors`, and nothing typed is lost.
 */
export function BoostForm({
  postId,
  errors,
  isPending,
  onSubmit,
  onFieldChange,
}: {
  postId: string;
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const duration = { postId, days, runUntilPaused };
    onSubmit(goal === 'website' ? { goal, url, label, ...duration } : { goal, ...duration });
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
        <div>
          <dt>Estimated daily reach</dt>
          <dd>{runUntilPaused ? AD_REACH.runUntilPaused : AD_REACH.fixed}</dd>
        </div>
      </dl>
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={isPending}>
        Boost Post
      </button>
    </form>
  );
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
