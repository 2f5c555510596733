import { useParams } from 'react-router';
import { ScreenHeader } from '../../lib/screen-header.tsx';
import { useAuthGate } from '../auth/index.ts';
import { PostCard, postUnavailableText, usePostCardActions, usePostPage } from '../posts/index.ts';
import { MorePosts } from './more-posts.tsx';

/** /media/{id} (spec 2 §2): the post, then a 'More posts' grid. */
export function MediaDetailScreen() {
  const { postId = '' } = useParams();
  const { state, applySave } = usePostPage(postId);
  const { actionsFor } = usePostCardActions(applySave);
  const openAuthGate = useAuthGate();

  // The media post variant of the header (spec 1 §2): Back to the Photos grid and whose post it is.
  const header = (firstName: string | null) => (
    <ScreenHeader title={firstName === null ? null : `${firstName}'s post`} fallback="/media" />
  );
  if (state.status === 'loading')
    return (
      <div className="feed">
        {header(null)}
        <div className="card route-loading" aria-busy="true" />
      </div>
    );
  if (state.status !== 'ready') {
    const text = postUnavailableText(state);
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
  return (
    <div className="feed media-detail">
      {header(page.post.author.firstName)}
      <PostCard
        post={page.post}
        isSaved={page.isSaved}
        isExpanded
        onRequireSignIn={openAuthGate}
        {...actionsFor(page.post, page.isSaved)}
      />
      <MorePosts currentPostId={postId} />
    </div>
  );
}
