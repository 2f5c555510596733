import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCampus } from '../../../app/campus/campus-context.tsx';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';

/** The frame of every sign-in screen: campus logo, title, and the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  const campus = useCampus();
  return (
    <section className="card auth-card" aria-labelledby="auth-title">
      <img src={campus.logoUrl} alt="" width={56} height={56} className="auth-card__logo" />
      <h1 id="auth-title" className="auth-card__title">
        {title}
      </h1>
      {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}

/**
 * spec 1 §2: a bad e-mail link lands on /login?redirect=true or
 * /register?redirect=true, which says 'Failed: Wrong Email.'. Kept beside the
 * card both screens load: a module of its own became a chunk whose name every
 * page's preload map carries (`npm run size`).
 */
export function useWrongLinkAlert(): void {
  const [params] = useSearchParams();
  const { showAlert } = useAlerts();
  const hasShown = useRef(false);
  const isRedirect = params.get('redirect') === 'true';
  useEffect(() => {
    if (hasShown.current || !isRedirect) return;
    hasShown.current = true;
    showAlert(ACCOUNT_MESSAGES.wrongEmailLink, 'danger');
  }, [isRedirect, showAlert]);
}
