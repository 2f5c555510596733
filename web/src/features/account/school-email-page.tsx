import type { VerificationSendResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES, schoolEmailError } from '@campus/shared/account-rules';
import { CAMPUSES } from '@campus/shared/campuses';
import type { VerificationSendRequest } from '@campus/shared/verification-requests';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useSession } from '../../app/session/session-context.tsx';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { SettingsForm } from './settings-form.tsx';
import { CAMPUS_REDIRECT_KEY } from './verify-school-email-page.tsx';

/**
 * /settings/account/school_email (spec 1 §2, §5): 'Join your campus' or
 * 'Change school email'. The allowed domains are the site's campus's, or on
 * the generic site those of the `campus` query. The sign-up address, already
 * verified by its code, is offered and joins at once (docs/decisions/022).
 */
export function SchoolEmailPage() {
  const { user, setUser } = useSession();
  const site = useCampus();
  const [params] = useSearchParams();
  const campusId = site.isGeneric ? params.get('campus') : site.id;
  const target = CAMPUSES.find((campus) => campus.id === campusId && !campus.isGeneric);
  // The verified sign-up address, when it is one of this campus's: Save joins without a second code.
  const provenAddress =
    user?.isVerified && !user.isSchoolVerified && target && !schoolEmailError(user.email, target.emailDomains)
      ? user.email.toLowerCase()
      : null;
  const [email, setEmail] = useState(provenAddress ?? '');
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
    } satisfies VerificationSendRequest;
    const sent = await run(() =>
      apiRequest<VerificationSendResponse>('/api/verification/send', { method: 'POST', json: body }),
    );
    if (!sent) return;
    if (sent.joined) {
      setUser(sent.joined.user);
      if (sent.joined.campusId) localStorage.setItem(CAMPUS_REDIRECT_KEY, sent.joined.campusId);
      return navigate(sent.joined.redirectTo, { replace: true });
    }
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
          ? provenAddress && email.trim().toLowerCase() === provenAddress
            ? `You verified ${provenAddress} when you signed up: Save joins ${target.shortName} Buy / Sell at once.`
            : `Verify a ${target.shortName} e-mail (${domains}) to post, comment and message on ${target.shortName} Buy / Sell.`
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
