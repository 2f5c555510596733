import { PostListView } from '../posts/index.ts';
import { useSavedList } from './use-saved-list.ts';

/** /saved (spec 2 §2 Saved page): the viewer's saved posts, newest saved first, 10 a page, live. */
export function SavedScreen() {
  return (
    <div className="profile">
      <h1 className="card saved__title">Saved</h1>
      <PostListView
        list={useSavedList()}
        emptyTitle="You haven’t liked any posts yet"
        emptyText="When you like a post, it’ll show up here."
      />
    </div>
  );
}
