import type { PostDto } from '@campus/shared/post-api';
import { Link } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useMessageLink } from '../chats/index.ts';
import { adInProgress, usePostAds } from './use-post-ads.ts';

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

  const current = adInProgress(ownAds);
  const latest = ownAds[0] ?? null;
  const isBoosted = current?.status === 'active';
  const isPaused = current?.status === 'paused';
  return (
    <div className="post-ad-actions">
      {(isBoosted || isPaused) && (
        <span className={`post-ad-actions__label${isPaused ? ' post-ad-actions__label--paused' : ''}`}>
          {isPaused ? 'Ad Paused' : 'Boosted'}
        </span>
      )}
      {current ? (
        <Link className="button button--outline button--small" to={`/ads/${current.id}`}>
          View Analytics
        </Link>
      ) : (
        <Link className="button button--primary button--small" to={`/post/${post.id}/boost`}>
          {latest && (latest.status === 'stopped' || latest.status === 'completed') ? 'Boost Again' : 'Boost for $5'}
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
  return (
    <div className="post-ad-actions">
      {runningAd && <span className="post-ad-actions__label">Boosted</span>}
      {cta?.type === 'website' && cta.url ? (
        <a className="button button--primary button--small" href={cta.url} target="_blank" rel="noopener noreferrer">
          {cta.label}
        </a>
      ) : (
        <Link className="button button--primary button--small" to={messageAuthor.to} onClick={messageAuthor.onClick}>
          Send Message
        </Link>
      )}
    </div>
  );
}
