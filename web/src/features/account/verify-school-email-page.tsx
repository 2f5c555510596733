import { useNavigate, useSearchParams } from 'react-router';
import { PinPage } from './pin-page.tsx';

/** Where a joined student may go next from the generic site ('Visit Your Campus', spec 1 §2, §4). */
export const CAMPUS_REDIRECT_KEY = 'campusRedirect';

/** /settings/account/verify_school_email?email=&campus= (spec 1 §4 'verify school'). */
export function VerifySchoolEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <PinPage
      action="verify school"
      sentTo={params.get('email')}
      onVerified={(result) => {
        if (result.campusId) localStorage.setItem(CAMPUS_REDIRECT_KEY, result.campusId);
        navigate(result.redirectTo, { replace: true });
      }}
    />
  );
}
