import { formatAge, formatPrice } from '@campus/shared/display-format';
import { photoSizes } from '@campus/shared/photo-sizes';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { Icon } from '../../lib/icon.tsx';
import { useShare } from '../../lib/share/use-share.tsx';
import type { LocalPost } from '../../local/local-posts.ts';
import { PendingMark } from '../../local/pending-mark.tsx';
import { AdCallToAction } from './ad-call-to-action.tsx';
import { trackAdAction } from './ad-tracking.ts';
import { JoinedCard } from './joined-card.tsx';
import { MediaImage } from './media-image.tsx';

import type { PostCardProps } from './post-card-props.ts';
import { PostMenu } from './post-menu.tsx';
import { SeeMoreText } from './see-more-text.tsx';

/** A tap on the card's text, or Enter on the focused card, opens the post; links, buttons and menus keep theirs. */
function opensPost(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as Element;
  return 'key' in event
    ? event.key === 'Enter' && target === event.currentTarget
    : event.currentTarget.contains(target) &&
        !target.closest('a,button,dialog,[role=menu]') &&
        !getSelection()?.toString();
}

/** A post in a list or on its page; a 'new user' post is the joined card instead (spec 2 §2). */
export function PostCard(props: PostCardProps) {
  const [isDeleted, setIsDeleted] = useState(false);
  if (isDeleted) return null;
  const onDeleted = () => {
    setIsDeleted(true);
    props.onDeleted?.();
  };
  return props.post.type === 'new user' ? (
    <JoinedCard {...props} onDeleted={onDeleted} />
  ) : (
    <ListingCard {...props} onDeleted={onDeleted} />
  );
}

function ListingCard({
  post,
  onRequireSignIn,
  onToggleSave,
  onComment,
  isSaved = post.isSaved ?? false,
  isExpanded = false,
  isFirst = false,
  onDeleted,
  byline,
  children,
  ad,
}: PostCardProps & { onDeleted: () => void }) {
  const navigate = useNavigate();
  // In a list the whole card leads to the post (issue 19); on its own page it is the post.
  const open = isExpanded
    ? undefined
    : (event: MouseEvent | KeyboardEvent) => opensPost(event) && navigate(`/post/${post.id}`);
  // spec 1 §2 share modal (or the phone's share sheet) with the post page's address.
  const { share, shareDialog } = useShare();
  const author = post.author;
  const name = `${author.firstName} ${author.lastName}`;
  const title = `${name}'s post`;
  // spec 3 §7: on a running ad, a visit to the author's profile and a shared or copied link are counted.
  const trackProfileVisit = ad ? () => trackAdAction(post.id, 'profile_visit', ad.pageViewId) : undefined;
  const trackCopiedLink = ad ? () => trackAdAction(post.id, 'copied_link', ad.pageViewId) : undefined;

  return (
    <article
      className={`card post-card${post.isSold ? ' post-card--sold' : ''}`}
      aria-label={title}
      tabIndex={open && 0}
      onClick={open}
      onKeyDown={open}
    >
      <header className="post-card__header">
        <Link
          to={`/${author.username}`}
          className="avatar"
          aria-label={`${name}'s profile`}
          onClick={trackProfileVisit}
        >
          <AvatarImage src={author.img} size={40} />
        </Link>
        <div className="post-card__byline">
          <Link to={`/${author.username}`} className="post-card__author" onClick={trackProfileVisit}>
            {name}
            {author.isSchoolVerified && (
              <span className="badge-verified" title="Verified student" role="img" aria-label="Verified student">
                ✓
              </span>
            )}
          </Link>
          <Link to={`/post/${post.id}`} className="post-card__meta">
            <time dateTime={post.createdAt}>{formatAge(post.createdAt)}</time>
            {post.editedAt && (
              <span className="post-card__edited" title={`Edited ${new Date(post.editedAt).toLocaleString()}`}>
                {' '}
                · Edited
              </span>
            )}
            {post.category && <span> · {post.category}</span>}
          </Link>
          <PendingMark mark={(post as LocalPost).pending} />
          {ad && <span className="post-card__boosted">Boosted</span>}
          {byline}
        </div>
        {post.price !== null && (
          <span className={`price-tag${post.isSold ? ' price-tag--sold' : ''}`}>
            {post.isSold ? 'Sold' : formatPrice(post.price)}
          </span>
        )}
        <PostMenu post={post} onDeleted={onDeleted} onCopiedLink={trackCopiedLink} />
      </header>

      <div className="post-card__body">
        <SeeMoreText document={post.text} isExpandedAtFirst={isExpanded} />
      </div>

      {post.media.length > 0 && (
        <Link
          to={`/post/${post.id}`}
          className={`post-card__media post-card__media--${Math.min(post.media.length, 3)}`}
        >
          {post.media.slice(0, 3).map((media, index) => (
            <MediaImage
              key={media.id}
              media={media}
              alt={`Photo ${index + 1} of ${post.media.length} for ${title}`}
              sizes={photoSizes(post.media.length, index)}
              isFill={post.media.length > 1}
              isPriority={index === 0 && (isExpanded || isFirst)}
            />
          ))}
          {post.media.length > 3 && <span className="post-card__more-media">+{post.media.length - 3}</span>}
        </Link>
      )}

      {ad && <AdCallToAction ad={ad} author={author} />}
      {children}
      <footer className="post-card__actions">
        <button
          type="button"
          className="action-button"
          onClick={() => (onComment ? onComment() : onRequireSignIn('comment'))}
        >
          <Icon name="comment" size={20} />
          <span>Comment{post.commentCount > 0 ? ` · ${post.commentCount}` : ''}</span>
        </button>
        <button
          type="button"
          className={`action-button${isSaved ? ' action-button--active' : ''}`}
          aria-pressed={isSaved}
          onClick={() => (onToggleSave ? onToggleSave() : onRequireSignIn('like'))}
        >
          <Icon name="bookmark" size={20} />
          <span>
            {isSaved ? 'Saved!' : 'Save'}
            {post.saveCount > 0 ? ` · ${post.saveCount}` : ''}
          </span>
        </button>
        <button
          type="button"
          className="action-button"
          aria-haspopup="dialog"
          onClick={() => {
            trackCopiedLink?.();
            share({ post });
          }}
        >
          <Icon name="share" size={20} />
          <span>Share</span>
        </button>
      </footer>
      {shareDialog}
    </article>
  );
}
