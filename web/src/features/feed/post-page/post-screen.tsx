import { Link, useParams } from 'react-router';
import { Icon } from '../../../lib/icon.tsx';
import { useAuthGate } from '../../auth/auth-gate-context.tsx';
import { useViewer } from '../../auth/use-viewer.ts';
import { PostCard } from '../post-card.tsx';
import { usePostCardActions } from '../use-post-card-actions.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentThread } from './comment-thread.tsx';
import { OwnerActions } from './owner-actions.tsx';
import { postUnavailableText, usePostPage } from './use-post-page.ts';

/** /post/{id} (spec 2 §2): the post, its owner's controls, Save, and the comment thread. */
export function PostScreen() {
  const { postId = '' } = useParams();
  const { state, reload, applySave } = usePostPage(postId);
  const { actionsFor } = usePostCardActions(applySave);
  const viewer = useViewer();
  const openAuthGate = useAuthGate();

  if (state.status === 'loading') return <div className="card route-loading" aria-busy="true" />;
  if (state.status !== 'ready') {
    const text = postUnavailableText(state);
    return (
      <section className="card empty-state">
        <h1 className="empty-state__title">{text}</h1>
        <Link to="/search" className="button button--primary">
          <Icon name="search" size={18} /> Search
        </Link>
      </section>
    );
  }

  const { page } = state;
  return (
    <div className="post-page">
      <PostCard
        post={page.post}
        isSaved={page.isSaved}
        isExpanded
        {...actionsFor(page.post, page.isSaved)}
        onRequireSignIn={openAuthGate}
      />
      {page.isOwner && <OwnerActions post={page.post} onChanged={reload} />}
      <section className="card post-page__comments" aria-label="Comments">
        {viewer ? (
          <CommentForm postId={postId} label="Write a comment…" onSent={reload} />
        ) : (
          <button type="button" className="button button--outline" onClick={() => openAuthGate('comment')}>
            Log in to comment
          </button>
        )}
        {page.thread.length === 0 ? (
          <p className="post-page__empty">Be the first to comment</p>
        ) : (
          <CommentThread
            postId={postId}
            comments={page.thread}
            viewerId={viewer?.id ?? null}
            onChanged={reload}
            onRequireSignIn={() => openAuthGate('comment')}
          />
        )}
      </section>
    </div>
  );
}
