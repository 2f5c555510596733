import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useAccountUpdate } from './use-account-update.ts';

const MONTH_OPTIONS = [
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
].map((label, index) => ({ value: String(index + 1), label }));
const DAY_OPTIONS = Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
/** spec 1 §5: years offered 1970-2021, newest first. */
const YEAR_OPTIONS = Array.from(
  { length: ACCOUNT_LIMITS.birthYearMax - ACCOUNT_LIMITS.birthYearMin + 1 },
  (_, index) => {
    const year = String(ACCOUNT_LIMITS.birthYearMax - index);
    return { value: year, label: year };
  },
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
        <SelectField label="Month" value={month} options={MONTH_OPTIONS} onChange={setMonth} />
        <SelectField label="Day" value={day} options={DAY_OPTIONS} onChange={setDay} />
        <SelectField label="Year" value={year} options={YEAR_OPTIONS} onChange={setYear} />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </SettingsForm>
  );
}
