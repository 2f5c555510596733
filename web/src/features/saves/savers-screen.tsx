import type { AuthorDto, SaversPageDto } from '@campus/shared/post-api';
import { useParams } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';
import { ScreenHeader } from '../../lib/screen-header.tsx';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { useLoadMoreSentinel } from '../../lib/use-load-more-sentinel.ts';
import { saversPath } from './api.ts';
import { SaverRow } from './saver-row.tsx';

function toPage(body: SaversPageDto) {
  return { items: body.users, nextCursor: body.nextCursor };
}

/** /post/{id}/likes (spec 2 §2 Post page): the people who saved the post, each with a Message button. */
export function SaversScreen() {
  const { postId = '' } = useParams();
  const viewer = useViewer();
  const { items, isLoading, isEnd, error, loadMore } = useCursorList<SaversPageDto, AuthorDto>(
    saversPath(postId),
    toPage,
  );
  const sentinel = useLoadMoreSentinel(loadMore);

  return (
    <div className="screen-stack">
      {/* The liked-by variant of the header (spec 1 §2); the button reads Save, so the list is 'Saved by'. */}
      <ScreenHeader title="Saved by" fallback={`/post/${postId}`} titleId="savers-title" />
      <section className="card savers" aria-labelledby="savers-title">
        {items.length > 0 && (
          <ul className="savers__list" aria-label="People who saved this post">
            {items.map((user) => (
              <SaverRow key={user.id} user={user} isViewer={viewer?.id === user.id} />
            ))}
          </ul>
        )}
        {isLoading && items.length === 0 && <p className="feed__status">Loading…</p>}
        {error && items.length === 0 && (
          <p className="feed__status feed__status--error" role="alert">
            {error}
          </p>
        )}
        {!isLoading && !error && isEnd && items.length === 0 && <p className="feed__status">No Users</p>}
        {isEnd && items.length > 0 && <p className="feed__status">You've reached the end.</p>}
        <div ref={sentinel} aria-hidden="true" />
      </section>
    </div>
  );
}
