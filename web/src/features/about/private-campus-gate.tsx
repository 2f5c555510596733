import { canReadGatedContent, PRIVATE_CAMPUS_MESSAGE } from '@campus/shared/campus-access';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useSession } from '../../app/session/session-context.tsx';
import { PrivateCampusRefusalContext } from '../../lib/private-campus-refusal.ts';
import { useAuthGate } from '../auth/index.ts';

/** Nobody has been refused yet (null is the signed-out visitor). */
const NOT_REFUSED = Symbol('not refused');

/**
 * spec 2 §1, §2 Media tab, §6: on a private campus, whoever may not read its
 * gated content sees 'This community is private' with 'Click to Join' instead
 * of `children`. The same shared rule decides here and on the server
 * (docs/decisions/012), and a `private_campus` answer from the server, which
 * a screen reports through `useReportPrivateCampus`, shows the gate too.
 */
export function PrivateCampusGate({ children }: { children: ReactNode }) {
  const campus = useCampus();
  const { user, refresh } = useSession();
  const openAuthGate = useAuthGate();
  const navigate = useNavigate();
  const viewerId = user?.id ?? null;
  // Whom the server refused: signing in as someone else asks it again.
  const [refusedViewerId, setRefusedViewerId] = useState<string | null | typeof NOT_REFUSED>(NOT_REFUSED);

  const refuse = useCallback(() => {
    setRefusedViewerId(viewerId);
    // The stored session may be stale (signed out in another tab): the gate then follows the fresh one.
    void refresh();
  }, [viewerId, refresh]);

  const isRefused = refusedViewerId === viewerId || !canReadGatedContent(campus.privacy, user);
  if (!isRefused) {
    return <PrivateCampusRefusalContext.Provider value={refuse}>{children}</PrivateCampusRefusalContext.Provider>;
  }

  function join() {
    // A visitor gets the auth modal of type join; a student who has not joined a school verifies one (spec 2 §2 School finder).
    if (user) navigate(`/settings/account/school_email?campus=${encodeURIComponent(campus.id)}`);
    else openAuthGate('join');
  }

  return (
    <section className="card empty-state private-gate" aria-labelledby="private-gate-title">
      <img src={campus.logoUrl} alt="" width={64} height={64} className="empty-state__logo" />
      <h1 id="private-gate-title" className="empty-state__title">
        {PRIVATE_CAMPUS_MESSAGE}
      </h1>
      <p className="empty-state__text">Join {campus.name}'s group to see its posts.</p>
      <button type="button" className="button button--primary" onClick={join}>
        Click to Join
      </button>
    </section>
  );
}
