import type { PostDto } from '@campus/shared/post-api';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useMessageLink } from '../chats/index.ts';
import { newPageViewId, trackAdAction } from '../posts/index.ts';
import { ownerAdView } from './owner-ad-view.ts';
import { usePostAds } from './use-post-ads.ts';

/**
 * The post page's ad parts (spec 3 §2 Post page): 'Boosted' when an ad runs,
 * 'Ad Paused' for the owner; the owner's Boost for $5 / View Analytics /
 * Boost Again, and for others the running website ad's button or Send Message.
 */
export function PostAdActions({ post, isOwner }: { post: PostDto; isOwner: boolean }) {
  const viewer = useViewer();
  const { ownAds, runningAd, isLoaded } = usePostAds(post.id, isOwner, viewer !== null);
  if (!viewer || !isLoaded) return null;
  if (!isOwner) return <VisitorAdActions post={post} runningAd={runningAd} />;

  const view = ownerAdView(ownAds);
  return (
    <div className="post-ad-actions">
      {view.kind === 'analytics' && view.label && (
        <span
          className={`post-ad-actions__label${view.label === 'Ad Paused' ? ' post-ad-actions__label--paused' : ''}`}
        >
          {view.label}
        </span>
      )}
      {view.kind === 'analytics' ? (
        <Link className="button button--outline button--small" to={`/ads/${view.adId}`}>
          View Analytics
        </Link>
      ) : (
        <Link className="button button--primary button--small" to={`/post/${post.id}/boost`}>
          {view.text}
        </Link>
      )}
    </div>
  );
}

function VisitorAdActions({
  post,
  runningAd,
}: {
  post: PostDto;
  runningAd: ReturnType<typeof usePostAds>['runningAd'];
}) {
  const messageAuthor = useMessageLink(post.author);
  const cta = runningAd?.cta;
  // spec 3 §7: opening a boosted post is a view of its ad, once per page view (decision 046).
  const [pageViewId] = useState(newPageViewId);
  const runningPostId = runningAd?.postId ?? null;
  useEffect(() => {
    if (runningPostId) trackAdAction(runningPostId, 'view', pageViewId);
  }, [runningPostId, pageViewId]);
  const track = (action: 'external_link_click' | 'direct_message') =>
    runningPostId && trackAdAction(runningPostId, action, pageViewId);
  return (
    <div className="post-ad-actions">
      {runningAd && <span className="post-ad-actions__label">Boosted</span>}
      {cta?.type === 'website' && cta.url ? (
        <a
          className="button button--primary button--small"
          href={cta.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => track('external_link_click')}
        >
          {cta.label}
        </a>
      ) : (
        <Link
          className="button button--primary button--small"
          to={messageAuthor.to}
          onClick={(event) => {
            track('direct_message');
            messageAuthor.onClick(event);
          }}
        >
          Send Message
        </Link>
      )}
    </div>
  );
}
