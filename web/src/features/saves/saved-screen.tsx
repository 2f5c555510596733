import { ScreenHeader } from '../../lib/screen-header.tsx';
import { PostListView } from '../posts/index.ts';
import { useSavedList } from './use-saved-list.ts';

/** /saved (spec 2 §2 Saved page): the viewer's saved posts, newest saved first, 10 a page, live. */
export function SavedScreen() {
  return (
    <div className="profile">
      <ScreenHeader title="Saved" fallback="/home" />
      <PostListView
        list={useSavedList()}
        emptyTitle="You haven’t liked any posts yet"
        emptyText="When you like a post, it’ll show up here."
      />
    </div>
  );
}
