import type { PostDto } from '@campus/shared/post-api';
import type { ReactNode } from 'react';
import { MediaTile } from './media-tile.tsx';

/** spec 2 §9: "Media grid 3 columns" of square thumbnails; `children` are extra tiles after them (search's load more). */
export function MediaGrid({ posts, label, children }: { posts: PostDto[]; label: string; children?: ReactNode }) {
  return (
    <ul className="media-grid" aria-label={label}>
      {posts.map((post) => (
        <MediaTile key={post.id} post={post} />
      ))}
      {children}
    </ul>
  );
}
