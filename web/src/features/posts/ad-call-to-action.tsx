import type { FeedAdDto } from '@campus/shared/ad-api';
import type { AnalyticsAction } from '@campus/shared/ad-rules';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { useMessageLink } from '../chats/index.ts';
import { trackAdAction } from './ad-tracking.ts';
import type { PostCardAd } from './post-card-props.ts';

/**
 * An ad's call-to-action under its post in the feed (spec 3 §2): a website
 * ad's button opens the site in a new tab, a message ad's 'Send Message'
 * opens the chat with the author. Not shown to the owner. Tracks the view
 * (half the card on screen) and the click, once per page view (spec 3 §7).
 */
export function AdCallToAction({ ad, author }: { ad: PostCardAd; author: FeedAdDto['post']['author'] }) {
  const viewer = useViewer();
  const row = useRef<HTMLDivElement>(null);
  const messageLink = useMessageLink(author);
  const isOwn = viewer?.id === author.id;
  const track = (action: AnalyticsAction) => trackAdAction(ad.postId, action, ad.pageViewId);

  useEffect(() => {
    const card = row.current?.closest('article');
    if (!card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        trackAdAction(ad.postId, 'view', ad.pageViewId);
        observer.disconnect();
      },
      { threshold: 0.5 },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [ad.postId, ad.pageViewId]);

  if (isOwn) return null;
  return (
    <div ref={row} className="post-card__ad-cta">
      {ad.cta.type === 'website' && ad.cta.url ? (
        <a
          className="button button--primary button--block"
          href={ad.cta.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => track('external_link_click')}
        >
          {ad.cta.label}
        </a>
      ) : (
        <Link
          className="button button--primary button--block"
          to={messageLink.to}
          onClick={(event) => {
            track('direct_message');
            messageLink.onClick(event);
          }}
        >
          Send Message
        </Link>
      )}
    </div>
  );
}
