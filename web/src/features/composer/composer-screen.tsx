import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/session-context.tsx';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { Modal } from '../../lib/modal.tsx';
import { useAuthGate } from '../auth/index.ts';
import { clearDraft } from './composer-draft.ts';
import { ComposerForm } from './composer-form.tsx';
import { ComposerFrame } from './composer-frame.tsx';
import { useComposerPlace } from './composer-place.ts';
import { DiscardModal } from './discard-modal.tsx';
import { useDiscardGuard } from './use-discard-guard.ts';

/**
 * /create/post?goBack= (spec 2 §2 Composer): a modal over the page behind on
 * desktop, a full page on phones. Needs a school-verified member with a
 * set-up profile; leaving with unsaved work asks first.
 */

/** Issue 5: a post made offline waits in the outbox (docs/decisions/013). */
const OFFLINE_POSTED = 'Saved on your device. Your post will be sent when you’re back online.';

export function ComposerScreen() {
  const { user } = useSession();
  const isMember = useIsCampusMember();
  const openAuthGate = useAuthGate();
  const { showAlert } = useAlerts();
  const place = useComposerPlace('home');
  const { setIsDirty, requestClose, isAsking, keepEditing } = useDiscardGuard(place.leave);

  useEffect(() => {
    if (user && !isMember) openAuthGate('post');
  }, [openAuthGate, user, isMember]);

  // Not a member here (unverified, or a guest from another campus): the gate, never a form to fill in.
  if (!user || !isMember || place.isMoving) return null;
  if (!user.isProfileSetUp) {
    return (
      <Modal title={POST_MESSAGES.profileIncomplete} onClose={place.leave}>
        <p className="modal__text">Add a profile picture and a bio so buyers know who they are talking to.</p>
        <Link to="/profile/set-up?goBack=create" className="button button--primary button--block">
          Set up profile
        </Link>
        <button type="button" className="button button--outline button--block" onClick={place.leave}>
          Cancel
        </button>
      </Modal>
    );
  }

  return (
    <ComposerFrame isModal={place.isModal} title="Create Post" onClose={requestClose}>
      <ComposerForm
        onDirtyChange={setIsDirty}
        onPosted={(postId, outcome) => {
          if (outcome === 'sent') {
            showAlert(POST_MESSAGES.posted, 'success', { link: { label: 'View', to: `/post/${postId}` } });
          } else showAlert(OFFLINE_POSTED, 'okay');
          // 'Your post was sent' (notify-posted) only when it was.
          place.finish(outcome === 'sent' ? '/home?filter=notify-posted' : '/home');
        }}
      />
      {isAsking && (
        <DiscardModal
          onKeep={keepEditing}
          onDiscard={() => {
            clearDraft();
            place.leave();
          }}
        />
      )}
    </ComposerFrame>
  );
}
