import type { SaveStateDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { Link, useParams } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { Icon } from '../../../lib/icon.tsx';
import { useAuthGate } from '../../auth/auth-gate-context.tsx';
import { useViewer } from '../../auth/use-viewer.ts';
import { PostCard } from '../post-card.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentThread } from './comment-thread.tsx';
import { OwnerActions } from './owner-actions.tsx';
import { usePostPage } from './use-post-page.ts';

/** /post/{id} (spec 2 §2): the post, its owner's controls, Save, and the comment thread. */
export function PostScreen() {
  const { postId = '' } = useParams();
  const { state, reload, setState } = usePostPage(postId);
  const viewer = useViewer();
  const openAuthGate = useAuthGate();
  const { run } = useApiAction();

  if (state.status === 'loading') return <div className="card route-loading" aria-busy="true" />;
  if (state.status !== 'ready') {
    const text =
      state.status === 'deleted'
        ? POST_MESSAGES.postGone
        : state.status === 'missing'
          ? POST_MESSAGES.postMissing
          : state.message;
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
  async function toggleSave() {
    if (!viewer) return openAuthGate('like');
    const result = await run(() =>
      apiRequest<SaveStateDto>(`/api/posts/${postId}/save`, { method: page.isSaved ? 'DELETE' : 'PUT' }),
    );
    if (result)
      setState({
        status: 'ready',
        page: { ...page, isSaved: result.isSaved, post: { ...page.post, likeCount: result.likeCount } },
      });
  }

  return (
    <div className="post-page">
      <PostCard
        post={page.post}
        isSaved={page.isSaved}
        isExpanded
        onToggleSave={toggleSave}
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
