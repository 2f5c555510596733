import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { AuthCard } from './auth-card.tsx';

/** /logout (spec 1 §2): confirm; Cancel goes to /home. Ends this device's session only. */
export function LogoutScreen() {
  const { logout } = useSession();
  const { run, isPending } = useApiAction();
  const navigate = useNavigate();

  async function confirm() {
    await run(logout);
    navigate('/home', { replace: true });
  }

  return (
    <AuthCard title="Log out?" subtitle="You can always log back in with your school account.">
      <div className="auth-card__actions">
        <button type="button" className="button button--outline" onClick={() => navigate('/home')}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={confirm} disabled={isPending}>
          Log Out
        </button>
      </div>
    </AuthCard>
  );
}
