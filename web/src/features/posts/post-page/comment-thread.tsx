import { formatAge } from '@campus/shared/display-format';
import { commentAnchor } from '@campus/shared/notification-text';
import type { CommentDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { AvatarImage } from '../../../lib/avatar-image.tsx';
import { useCommentComposer } from '../../../lib/composer-links.ts';
import type { LocalComment } from '../../../local/local-posts.ts';
import { PendingMark } from '../../../local/pending-mark.tsx';
import { useOutboxActions } from '../../../local/use-outbox-actions.ts';
import { useOutboxSubmit } from '../../../local/use-outbox-submit.ts';
import { SeeMoreText } from '../see-more-text.tsx';
import { CommentForm } from './comment-form.tsx';

interface ThreadProps {
  postId: string;
  comments: CommentDto[];
  viewerId: string | null;
  onChanged: () => void;
  onRequireSignIn: () => void;
  /** The comment a link opened the page at: shown in the middle, focused and marked for a moment. */
  targetId?: string | null;
}

function CommentItem({
  comment,
  postId,
  viewerId,
  onChanged,
  onRequireSignIn,
  targetId,
}: Omit<ThreadProps, 'comments'> & { comment: CommentDto }) {
  const [isReplying, setIsReplying] = useState(false);
  const isTarget = comment.id === targetId;
  const itemRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!isTarget) return;
    itemRef.current?.scrollIntoView({ block: 'center' });
    itemRef.current?.focus({ preventScroll: true });
  }, [isTarget]);
  // Phones reply on /create/comment/{id}; desktop keeps the inline box (docs/decisions/010).
  const openCommentComposer = useCommentComposer();
  const { submit } = useOutboxSubmit();
  const { deletePost } = useOutboxActions();
  const { showAlert } = useAlerts();
  const author = comment.author;

  async function remove() {
    const outcome = await submit(() => deletePost(comment.id, postId));
    if (outcome === 'refused') return;
    showAlert(POST_MESSAGES.commentRemoved, 'okay');
    if (outcome === 'sent') onChanged();
  }

  return (
    <li
      ref={itemRef}
      id={commentAnchor(comment.id)}
      className={isTarget ? 'comment comment--target' : 'comment'}
      tabIndex={isTarget ? -1 : undefined}
    >
      <Link
        to={`/${author.username}`}
        className="avatar avatar--small"
        aria-label={`${author.firstName} ${author.lastName}'s profile`}
      >
        <AvatarImage src={author.img} size={32} iconSize={18} />
      </Link>
      <div className="comment__body">
        <div className="comment__bubble">
          <Link to={`/${author.username}`} className="comment__author">
            {author.firstName} {author.lastName}
          </Link>
          <SeeMoreText document={comment.text} />
        </div>
        {(comment as LocalComment).pending ? (
          <div className="comment__meta">
            <PendingMark mark={(comment as LocalComment).pending} />
          </div>
        ) : (
          <div className="comment__meta">
            <time dateTime={comment.createdAt}>{formatAge(comment.createdAt)}</time>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                if (!viewerId) onRequireSignIn();
                else if (openCommentComposer) openCommentComposer(comment.id);
                else setIsReplying((value) => !value);
              }}
            >
              Reply
            </button>
            {viewerId === author.id && (
              <button type="button" className="link-button" onClick={remove}>
                Delete
              </button>
            )}
          </div>
        )}
        {isReplying && (
          <CommentForm
            postId={postId}
            parentId={comment.id}
            label={`Reply to ${author.firstName}`}
            onSent={() => {
              setIsReplying(false);
              onChanged();
            }}
          />
        )}
        {comment.replies.length > 0 && (
          <CommentThread
            postId={postId}
            comments={comment.replies}
            viewerId={viewerId}
            onChanged={onChanged}
            onRequireSignIn={onRequireSignIn}
            targetId={targetId}
          />
        )}
      </div>
    </li>
  );
}

/** Comments and replies, nested, oldest first (spec 2 §2). */
export function CommentThread({ comments, ...rest }: ThreadProps) {
  return (
    <ul className="comment-thread">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} {...rest} />
      ))}
    </ul>
  );
}
