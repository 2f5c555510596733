import { PostList } from '../profile/post-list.tsx';

/** /saved (spec 2 §2 Saved page): the viewer's saved posts, newest saved first, 10 a page. */
export function SavedScreen() {
  return (
    <div className="profile">
      <h1 className="card saved__title">Saved</h1>
      <PostList
        url="/api/saved"
        emptyTitle="You haven’t liked any posts yet"
        emptyText="When you like a post, it’ll show up here."
      />
    </div>
  );
}
