import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { PinPage } from './pin-page.tsx';

/** /settings/account/verify_email?email= (spec 1 §4 'change email'): back to the e-mail page, updated. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  return (
    <PinPage
      action="change email"
      sentTo={params.get('email')}
      onVerified={(result) => {
        showAlert(ACCOUNT_MESSAGES.accountUpdated, 'success');
        navigate(result.redirectTo, { replace: true });
      }}
    />
  );
}
