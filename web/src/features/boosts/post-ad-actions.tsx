import type { PostDto } from '@campus/shared/post-api';
import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useMessageLink } from '../chats/index.ts';
import { ownerAdView } from './owner-ad-view.ts';
import type { PostAdsState } from './use-post-ads.ts';

/**
 * The post page's ad parts (spec 3 §2 Post page): the owner's 'Boosted' or
 * 'Ad Paused' label and Boost for $5 / View Analytics / Boost Again; for
 * others Send Message. A running ad is shown to others by the post card
 * itself (its 'Boosted' label and call-to-action, which count the ad's
 * actions: spec 3 §6, §7), so this part stays empty then.
 */
export function PostAdActions({ post, isOwner, ads }: { post: PostDto; isOwner: boolean; ads: PostAdsState }) {
  const viewer = useViewer();
  const { boostsAvailable } = useCampus();
  const { ownAds, runningAd, isKnown } = ads;
  if (!viewer || !isKnown) return null;
  if (!isOwner) return runningAd ? null : <SendMessageAction post={post} />;

  const view = ownerAdView(ownAds);
  // No payment provider on this server (decision 041): an ad already paid keeps its analytics, nothing new is offered.
  if (view.kind !== 'analytics' && !boostsAvailable) return null;
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

function SendMessageAction({ post }: { post: PostDto }) {
  const messageAuthor = useMessageLink(post.author);
  return (
    <div className="post-ad-actions">
      <Link className="button button--primary button--small" to={messageAuthor.to} onClick={messageAuthor.onClick}>
        Send Message
      </Link>
    </div>
  );
}
