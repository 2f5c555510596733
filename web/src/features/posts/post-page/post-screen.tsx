import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useIsCampusMember } from '../../../app/session/use-campus-member.ts';
import { useViewer } from '../../../app/session/use-viewer.ts';
import { useStoredAlert } from '../../../lib/alerts/stored-alerts.ts';
import { useCommentComposer } from '../../../lib/composer-links.ts';
import { useReleaseFirstScreen } from '../../../lib/first-screen.ts';
import { Icon } from '../../../lib/icon.tsx';
import { useAuthGate } from '../../auth/index.ts';
import { PostAdActions, usePostAds } from '../../boosts/index.ts';
import { usePageViewId } from '../ad-tracking.ts';
import { PostCard } from '../post-card.tsx';
import { usePostCardActions } from '../use-post-card-actions.ts';
import { CampusTag } from './campus-tag.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentThread } from './comment-thread.tsx';
import { EmptyThread } from './empty-thread.tsx';
import { OwnerActions } from './owner-actions.tsx';
import { PostDateTime } from './post-date-time.tsx';
import { PostPageHeader } from './post-page-header.tsx';
import { PostPageSkeleton } from './post-page-skeleton.tsx';
import { postUnavailableText, usePostPage } from './use-post-page.ts';
import { VisitorJoinPanel } from './visitor-join-panel.tsx';

// The owner's edit form carries the rich-text editor: loaded when Edit is chosen, so the post's first
// screen waits for none of it (issue 25).
const EditPostForm = lazy(() => import('./edit-post-form.tsx').then((module) => ({ default: module.EditPostForm })));

/** The comment a link names (/post/{id}#comment-{commentId}: a notification's row, push or mail). */
function commentTargetOf(hash: string): string | null {
  return hash.startsWith('#comment-') ? decodeURIComponent(hash.slice('#comment-'.length)) : null;
}

/** /post/{id} (spec 2 §2): the post with its ⋯ menu, the owner's controls, Save, and the comment thread. */
export function PostScreen() {
  const { hash } = useLocation();
  const { postId = '' } = useParams();
  const { state, reload, applySave, applyPost } = usePostPage(postId);
  const { actionsFor } = usePostCardActions(applySave);
  const viewer = useViewer();
  const isMember = useIsCampusMember();
  // Phones write comments on /create/comment/{id}; desktop keeps the inline box (docs/decisions/010).
  const openCommentComposer = useCommentComposer();
  const openAuthGate = useAuthGate();
  const navigate = useNavigate();
  const [isEditing, setIsEditing] = useState(false);
  const comments = useRef<HTMLElement>(null);
  // spec 3 §4: already_boosted, actived_ad, cancelled_ad flagged by the boost screens.
  useStoredAlert();
  const isReady = state.status === 'ready';
  const isOwner = isReady && state.page.isOwner;
  const ads = usePostAds(postId, isOwner, isReady && viewer !== null);
  // One page view per post opened (spec 3 §7: each action counts once per post per page view).
  const pageViewId = usePageViewId(postId);
  // The server's first screen (this post) gives way once the post, or why it is missing, shows.
  useReleaseFirstScreen(state.status !== 'loading');

  if (state.status === 'loading') return <PostPageSkeleton />;
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

  /** 'Create A Comment', Comment and 'Say hi': the comment box for members, the auth gate for visitors. */
  function startComment() {
    // A visitor signs in, a guest from another campus or an unverified student verifies (issue 19).
    if (!isMember) return openAuthGate('comment');
    if (openCommentComposer) return openCommentComposer(postId);
    const section = comments.current;
    section?.scrollIntoView({ block: 'nearest' });
    section?.querySelector<HTMLElement>('textarea, [contenteditable="true"]')?.focus();
  }

  const { page } = state;
  const post = page.post;
  // Comments keep only their text; a join post has nothing of the student's to edit (docs/decisions/011).
  const isEditable = page.isOwner && post.parentId === null && post.type === 'post';
  return (
    <div className="post-page">
      <PostPageHeader firstName={post.author.firstName} />
      {isEditing ? (
        <Suspense fallback={<div className="card route-loading" aria-busy="true" />}>
          <EditPostForm
            post={post}
            onCancel={() => setIsEditing(false)}
            onSaved={(saved) => {
              applyPost(saved);
              setIsEditing(false);
            }}
          />
        </Suspense>
      ) : (
        <PostCard
          post={post}
          isSaved={page.isSaved}
          isExpanded
          {...actionsFor(post, page.isSaved)}
          onComment={isMember ? startComment : undefined}
          onRequireSignIn={openAuthGate}
          onDeleted={() => navigate('/home', { replace: true })}
          byline={<CampusTag />}
          // spec 3 §6: another student's visit is tracked only while the post's ad runs.
          ad={!isOwner && ads.runningAd ? { postId, cta: ads.runningAd.cta, pageViewId } : undefined}
        >
          <PostDateTime createdAt={post.createdAt} />
        </PostCard>
      )}
      {isEditable && !isEditing && <OwnerActions post={post} onChanged={applyPost} onEdit={() => setIsEditing(true)} />}
      {post.parentId === null && post.type === 'post' && !isEditing && (
        <PostAdActions post={post} isOwner={page.isOwner} ads={ads} />
      )}
      <section ref={comments} className="card post-page__comments" aria-label="Comments">
        {viewer ? (
          <CommentForm
            postId={postId}
            label="Write a comment…"
            onSent={reload}
            onGate={isMember ? undefined : () => openAuthGate('comment')}
          />
        ) : (
          <VisitorJoinPanel campusId={post.campusId} />
        )}
        {page.thread.length === 0 ? (
          <EmptyThread onCreateComment={startComment} />
        ) : (
          <CommentThread
            postId={postId}
            comments={page.thread}
            viewerId={isMember ? (viewer?.id ?? null) : null}
            onChanged={reload}
            onRequireSignIn={() => openAuthGate('comment')}
            targetId={commentTargetOf(hash)}
          />
        )}
      </section>
    </div>
  );
}
