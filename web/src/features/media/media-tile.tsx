import type { PostDto } from '@campus/shared/post-api';
import { richTextToPlainText } from '@campus/shared/rich-text';
import { Link } from 'react-router';
import { MediaImage } from '../posts/index.ts';

/** One square of the Photos grid: the post's first photo, linking to /media/{id}. */
export function MediaTile({ post }: { post: PostDto }) {
  const cover = post.media[0];
  const name = `${post.author.firstName} ${post.author.lastName}`;
  const summary = richTextToPlainText(post.text).slice(0, 80);
  const label = summary ? `${name}: ${summary}` : `Photo by ${name}`;
  return (
    <li className="media-grid__item">
      <Link to={`/media/${post.id}`} className="media-tile" aria-label={label}>
        {cover ? (
          <MediaImage media={cover} alt="" sizes="(min-width: 700px) 210px, 33vw" isFill />
        ) : (
          <span className="media-tile__empty" />
        )}
        {post.media.length > 1 && (
          <span className="media-tile__count" aria-hidden="true">
            {post.media.length}
          </span>
        )}
        {post.isSold && <span className="media-tile__sold">Sold</span>}
      </Link>
    </li>
  );
}
