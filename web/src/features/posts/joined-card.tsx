import { CAMPUSES } from '@campus/shared/campuses';
import { formatAge } from '@campus/shared/display-format';
import type { PostDto } from '@campus/shared/post-api';
import { Link } from 'react-router';
import { AvatarImage } from '../../lib/avatar-image.tsx';
import { Icon } from '../../lib/icon.tsx';
import type { PostCardProps } from './post-card-props.ts';
import { PostMenu } from './post-menu.tsx';

/** 'Nora N. joined OU. Say hi!': from the author and campus as they are now, not the words stored at joining. */
function joinedMessage(post: PostDto): { name: string; rest: string } {
  const campus = CAMPUSES.find((candidate) => candidate.id === post.campusId);
  return {
    name: `${post.author.firstName} ${post.author.lastName}`,
    rest: ` joined ${campus?.shortName ?? 'the group'}. Say hi!`,
  };
}

/**
 * spec 2 §2 "A post of type 'new user' shows a joined message"
 * (docs/decisions/011): a quiet card with the newcomer's avatar, the
 * message, its age and a 'Say hi' button that opens the comments. No price,
 * category, photos or Save: there is nothing to buy.
 */
export function JoinedCard({
  post,
  onRequireSignIn,
  onComment,
  onDeleted,
}: Pick<PostCardProps, 'post' | 'onRequireSignIn' | 'onComment'> & { onDeleted: () => void }) {
  const { name, rest } = joinedMessage(post);
  const author = post.author;
  return (
    <article className="card joined-card" aria-label={`${name}${rest}`}>
      <Link to={`/${author.username}`} className="avatar avatar--joined" aria-label={`${name}'s profile`}>
        <AvatarImage src={author.img} size={48} />
      </Link>
      <div className="joined-card__body">
        <p className="joined-card__message">
          <Link to={`/${author.username}`} className="joined-card__name">
            {name}
          </Link>
          {rest}
        </p>
        <Link to={`/post/${post.id}`} className="post-card__meta">
          <time dateTime={post.createdAt}>{formatAge(post.createdAt)}</time>
          {post.commentCount > 0 && (
            <span>
              {' '}
              · {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
            </span>
          )}
        </Link>
        <button
          type="button"
          className="button button--outline button--small joined-card__hi"
          onClick={() => (onComment ? onComment() : onRequireSignIn('comment'))}
        >
          <Icon name="comment" size={16} /> Say hi
        </button>
      </div>
      <PostMenu post={post} onDeleted={onDeleted} />
    </article>
  );
}
