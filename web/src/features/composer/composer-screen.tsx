import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { Icon } from '../../lib/icon.tsx';
import { Modal } from '../../lib/modal.tsx';
import { useAuthGate } from '../auth/auth-gate-context.tsx';
import { useSession } from '../auth/session-context.tsx';
import { clearDraft } from './composer-draft.ts';
import { ComposerForm } from './composer-form.tsx';

/**
 * /create/post?goBack= (spec 2 §2 Composer): needs a school-verified member
 * with a set-up profile; leaving with unsaved work asks first.
 */
export function ComposerScreen() {
  const { user } = useSession();
  const openAuthGate = useAuthGate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { showAlert } = useAlerts();
  const [isDirty, setIsDirty] = useState(false);
  const [isDiscardOpen, setIsDiscardOpen] = useState(false);
  const goBack = `/${params.get('goBack') ?? 'home'}`.replace(/^\/+/, '/');

  useEffect(() => {
    if (user && !user.isSchoolVerified) openAuthGate('post');
  }, [openAuthGate, user]);

  if (!user) return null;
  if (!user.isProfileSetUp) {
    return (
      <Modal title="Your profile is not complete" onClose={() => navigate(goBack)}>
        <p className="modal__text">Add a profile picture and a bio so buyers know who they are talking to.</p>
        <Link to="/profile/set-up?goBack=create" className="button button--primary button--block">
          Set up profile
        </Link>
        <button type="button" className="button button--outline button--block" onClick={() => navigate(goBack)}>
          Cancel
        </button>
      </Modal>
    );
  }

  return (
    <section className="card composer-card" aria-labelledby="composer-title">
      <header className="composer-card__head">
        <button
          type="button"
          className="icon-button"
          aria-label="Close"
          onClick={() => (isDirty ? setIsDiscardOpen(true) : navigate(goBack))}
        >
          <Icon name="close" />
        </button>
        <h1 id="composer-title">Create Post</h1>
        <span />
      </header>
      <ComposerForm
        onDirtyChange={setIsDirty}
        onPosted={(post) => {
          showAlert(POST_MESSAGES.posted, 'success', { link: { label: 'View', to: `/post/${post.id}` } });
          navigate('/home?filter=notify-posted');
        }}
      />
      {isDiscardOpen && (
        <Modal title="Discard Post" onClose={() => setIsDiscardOpen(false)}>
          <p className="modal__text">If you leave now, this post will be lost.</p>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => {
              clearDraft();
              navigate(goBack);
            }}
          >
            Discard
          </button>
          <button
            type="button"
            className="button button--outline button--block"
            onClick={() => setIsDiscardOpen(false)}
          >
            Keep editing
          </button>
        </Modal>
      )}
    </section>
  );
}
