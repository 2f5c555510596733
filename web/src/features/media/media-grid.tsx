import type { PostDto } from '@campus/shared/post-api';
import { MediaTile } from './media-tile.tsx';

/** spec 2 §9: "Media grid 3 columns" of square thumbnails. */
export function MediaGrid({ posts, label }: { posts: PostDto[]; label: string }) {
  return (
    <ul className="media-grid" aria-label={label}>
      {posts.map((post) => (
        <MediaTile key={post.id} post={post} />
      ))}
    </ul>
  );
}
