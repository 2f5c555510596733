import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useEffect } from 'react';
import { matchPath } from 'react-router';
import { useSession } from '../../app/session/session-context.tsx';
import { useIsCampusMember } from '../../app/session/use-campus-member.ts';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { COMMENT_COMPOSER_ROUTE } from '../../lib/composer-links.ts';
import { useAuthGate } from '../auth/index.ts';
import { CommentComposerForm } from './comment-composer-form.tsx';
import { CommentTargetPreview } from './comment-target-preview.tsx';
import { ComposerFrame } from './composer-frame.tsx';
import { useComposerPlace, useComposerUrl } from './composer-place.ts';
import { DiscardModal } from './discard-modal.tsx';
import { useCommentTarget } from './use-comment-target.ts';
import { useDiscardGuard } from './use-discard-guard.ts';

/**
 * /create/comment/{postId} (spec 2 §2 Composer): a comment on a post, or a
 * reply when {postId} is itself a comment; titled 'Post' or 'Reply'. A modal
 * on desktop, a full page on phones; needs a school-verified member.
 */

/** Issue 5: a comment written offline waits in the outbox and shows as pending on the post. */
const OFFLINE_COMMENT = 'Saved on your device. It will be sent when you’re back online.';

export function CommentComposerScreen() {
  const { user } = useSession();
  const isMember = useIsCampusMember();
  const openAuthGate = useAuthGate();
  const { showAlert } = useAlerts();
  const targetId = matchPath(COMMENT_COMPOSER_ROUTE, useComposerUrl().pathname)?.params.postId ?? '';
  const place = useComposerPlace(`post/${targetId}`);
  const target = useCommentTarget(targetId);
  const { setIsDirty, requestClose, isAsking, keepEditing } = useDiscardGuard(place.leave);
  const isGoBackNamed = new URLSearchParams(place.url.search).has('goBack');

  useEffect(() => {
    if (user && !isMember) openAuthGate('comment');
  }, [openAuthGate, user, isMember]);

  if (!user || !isMember || place.isMoving) return null;
  const isReply = target.status === 'ready' && target.target.parentId !== null;
  return (
    <ComposerFrame isModal={place.isModal} title={isReply ? 'Reply' : 'Post'} onClose={requestClose}>
      {target.status === 'loading' && <div className="route-loading" aria-busy="true" />}
      {target.status === 'unavailable' && <p className="composer__unavailable">{target.message}</p>}
      {target.status === 'ready' && (
        <>
          <CommentTargetPreview target={target.target} />
          <CommentComposerForm
            rootId={target.rootId}
            parentId={isReply ? target.target.id : undefined}
            authorFirstName={target.target.author.firstName}
            onDirtyChange={setIsDirty}
            onSent={(outcome) => {
              if (outcome === 'sent') showAlert(POST_MESSAGES.replySent, 'success');
              else showAlert(OFFLINE_COMMENT, 'okay');
              place.finish(isGoBackNamed ? place.goBack : `/post/${target.rootId}`);
            }}
          />
        </>
      )}
      {isAsking && <DiscardModal onKeep={keepEditing} onDiscard={place.leave} />}
    </ComposerFrame>
  );
}
