import { PostCardSkeleton } from '../post-card-skeleton.tsx';
import { PostPageHeader } from './post-page-header.tsx';

/** What the post page shows while a post that is not on the device loads (a slow network). */
export function PostPageSkeleton() {
  return (
    <section className="post-page" aria-busy="true" aria-label="Loading post">
      <PostPageHeader firstName={null} />
      <PostCardSkeleton />
      <div className="card post-page__comments" aria-hidden="true">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
      </div>
    </section>
  );
}
