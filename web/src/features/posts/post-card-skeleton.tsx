/** A grey stand-in card while the first page loads. */
export function PostCardSkeleton() {
  return (
    <div className="card post-card post-card--skeleton" aria-hidden="true">
      <div className="post-card__header">
        <span className="skeleton skeleton--circle" />
        <span className="skeleton skeleton--line" />
      </div>
      <span className="skeleton skeleton--block" />
    </div>
  );
}
