import type { ReactNode } from 'react';
import { useAuthGate } from '../auth/auth-gate-context.tsx';
import { useViewer } from '../auth/use-viewer.ts';
import { useCampus } from '../campus/campus-context.tsx';

/**
 * spec 2 §1, §6: on a private campus a visitor sees 'This community is
 * private' with 'Click to Join' (the auth modal of type join) instead of
 * the content. Members and public campuses see `children` unchanged.
 */
export function PrivateCampusGate({ children }: { children: ReactNode }) {
  const campus = useCampus();
  const viewer = useViewer();
  const openAuthGate = useAuthGate();
  if (campus.privacy !== 'private' || viewer !== null) return children;
  return (
    <section className="card empty-state private-gate" aria-labelledby="private-gate-title">
      <img src={campus.logoUrl} alt="" width={64} height={64} className="empty-state__logo" />
      <h1 id="private-gate-title" className="empty-state__title">
        This community is private
      </h1>
      <p className="empty-state__text">Join {campus.name}'s group to see its posts.</p>
      <button type="button" className="button button--primary" onClick={() => openAuthGate('join')}>
        Click to Join
      </button>
    </section>
  );
}
