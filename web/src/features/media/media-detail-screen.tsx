import type { SaveStateDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useNavigate, useParams } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { useAuthGate } from '../auth/auth-gate-context.tsx';
import { useViewer } from '../auth/use-viewer.ts';
import { PostCard } from '../feed/post-card.tsx';
import { usePostPage } from '../feed/post-page/use-post-page.ts';
import { MorePosts } from './more-posts.tsx';

/** /media/{id} (spec 2 §2): the post, then a 'More posts' grid. */
export function MediaDetailScreen() {
  const { postId = '' } = useParams();
  const { state, setState } = usePostPage(postId);
  const viewer = useViewer();
  const openAuthGate = useAuthGate();
  const navigate = useNavigate();
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
      <div className="feed">
        <section className="card empty-state">
          <h1 className="empty-state__title">{text}</h1>
        </section>
        <MorePosts currentPostId={postId} />
      </div>
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
    <div className="feed media-detail">
      <PostCard
        post={page.post}
        isSaved={page.isSaved}
        isExpanded
        onRequireSignIn={openAuthGate}
        onToggleSave={() => void toggleSave()}
        {...(viewer ? { onComment: () => navigate(`/post/${postId}`) } : {})}
      />
      <MorePosts currentPostId={postId} />
    </div>
  );
}
