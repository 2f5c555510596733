import { ACCOUNT_MESSAGES, schoolEmailError } from '@campus/shared/account-rules';
import { CAMPUSES } from '@campus/shared/campuses';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { EmailField } from '../../../lib/forms/email-field.tsx';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { useSession } from '../../auth/session-context.tsx';
import { useCampus } from '../../campus/campus-context.tsx';
import { SettingsForm } from './settings-form.tsx';

/**
 * /settings/account/school_email (spec 1 §2, §5): 'Join your campus' or
 * 'Change school email'. The allowed domains are the site's campus's, or on
 * the generic site those of the `campus` query.
 */
export function SchoolEmailPage() {
  const { user } = useSession();
  const site = useCampus();
  const [params] = useSearchParams();
  const campusId = site.isGeneric ? params.get('campus') : site.id;
  const target = CAMPUSES.find((campus) => campus.id === campusId && !campus.isGeneric);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  async function submit() {
    const found = schoolEmailError(email, target?.emailDomains ?? [], user?.isSchoolVerified ? user.schoolEmail : null);
    if (found) return setError(found);
    setError(null);
    const body = {
      action: 'verify school',
      email: email.trim().toLowerCase(),
      ...(site.isGeneric && target ? { campusId: target.id } : {}),
    };
    const sent = await run(() => apiRequest('/api/verification/send', { method: 'POST', json: body }));
    if (!sent) return;
    showAlert(ACCOUNT_MESSAGES.emailSent, 'okay');
    const query = new URLSearchParams({ email: body.email, ...(target ? { campus: target.id } : {}) });
    navigate(`/settings/account/verify_school_email?${query}`);
  }

  const domains = target?.emailDomains.map((domain) => `@${domain}`).join(' or ');
  return (
    <SettingsForm
      title={user?.isSchoolVerified ? 'Change school email' : 'Join your campus'}
      description={
        target
          ? `Verify a ${target.shortName} e-mail (${domains}) to post, comment and message on ${target.shortName} Buy / Sell.`
          : 'Pick your school first.'
      }
      isSaveDisabled={email.trim() === ''}
      isPending={isPending}
      onSubmit={submit}
    >
      <EmailField label="School email" value={email} error={error} onChange={setEmail} />
    </SettingsForm>
  );
}
