import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { GoogleMark } from '../../lib/google-mark.tsx';
import { Icon } from '../../lib/icon.tsx';

/**
 * 'Continue with Google' and 'Continue with Email' (spec 1 §2 avatar menu and
 * auth modal). Google sign-in is served at /auth/google; the button shows only
 * when this server has a Google client (issue 39 item 8).
 */
export function SignInButtons({
  emailLabel = 'Continue with Email',
  onNavigate,
}: {
  emailLabel?: string;
  onNavigate?: () => void;
}) {
  const { googleSignInAvailable } = useCampus();
  return (
    <div className="sign-in-buttons">
      {googleSignInAvailable && (
        <a className="button button--outline button--block" href="/auth/google" onClick={onNavigate}>
          <GoogleMark />
          Continue with Google
        </a>
      )}
      <Link className="button button--primary button--block" to="/user_registration" onClick={onNavigate}>
        <Icon name="mail" size={18} />
        {emailLabel}
      </Link>
    </div>
  );
}
