import type { ReactNode } from 'react';
import { useCampus } from '../../campus/campus-context.tsx';

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
