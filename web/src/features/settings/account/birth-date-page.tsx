import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useState } from 'react';
import { useSession } from '../../auth/session-context.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useAccountUpdate } from './use-account-update.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);
/** spec 1 §5: years offered 1970-2021, newest first. */
const YEARS = Array.from(
  { length: ACCOUNT_LIMITS.birthYearMax - ACCOUNT_LIMITS.birthYearMin + 1 },
  (_, index) => ACCOUNT_LIMITS.birthYearMax - index,
);

/** /settings/account/birth_date (spec 1 §5: month, day and year all required). */
export function BirthDatePage() {
  const { user } = useSession();
  const [month, setMonth] = useState(String(user?.birthDate?.month ?? ''));
  const [day, setDay] = useState(String(user?.birthDate?.day ?? ''));
  const [year, setYear] = useState(String(user?.birthDate?.year ?? ''));
  const [error, setError] = useState<string | null>(null);
  const { save, isPending } = useAccountUpdate();
  const current = user?.birthDate;
  const isUnchanged =
    current !== null &&
    current !== undefined &&
    String(current.month) === month &&
    String(current.day) === day &&
    String(current.year) === year;

  function submit() {
    if (!month || !day || !year) return setError(ACCOUNT_MESSAGES.birthDateIncomplete);
    setError(null);
    void save('birth-date', { month: Number(month), day: Number(day), year: Number(year) });
  }

  return (
    <SettingsForm title="Birth date" isSaveDisabled={isUnchanged} isPending={isPending} onSubmit={submit}>
      <div className="select-row">
        <label className="field">
          <span className="field__label">Month</span>
          <select className="field__input" value={month} onChange={(event) => setMonth(event.target.value)}>
            <option value="">Month</option>
            {MONTHS.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Day</span>
          <select className="field__input" value={day} onChange={(event) => setDay(event.target.value)}>
            <option value="">Day</option>
            {DAYS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Year</span>
          <select className="field__input" value={year} onChange={(event) => setYear(event.target.value)}>
            <option value="">Year</option>
            {YEARS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </SettingsForm>
  );
}
