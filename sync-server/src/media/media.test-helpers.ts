import type { FeedPageDto } from '@campus/shared/post-api';
import { createMedia, createPost, createUser } from '../test/factories.ts';
import { bodyOf } from '../test/post-requests.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * GET /api/posts/media, expecting 200. School campuses are private
 * (docs/decisions/012), so read them with a school-verified user's `session`;
 * the generic site (`campus.localhost`) also answers visitors.
 */
export async function mediaPage(app: TestApp, query = '', host = 'ou.localhost', session?: string) {
  return bodyOf<FeedPageDto>(await app.request(`/api/posts/media${query}`, { host, session }), 200);
}

/** A school-verified student of OU and their session: a reader of OU's Photos tab. */
export async function createReader(app: TestApp) {
  const user = await createUser(app.db, { campus_id: 'ou' });
  return app.signInAs(user.id);
}

/** `count` posts one minute apart, each with `photos` photos (img_count kept in step); oldest first. */
export async function seedPhotoPosts(app: TestApp, count: number, { campusId = 'ou', photos = 1, userId = '' } = {}) {
  const authorId = userId || (await createUser(app.db, { campus_id: campusId })).id;
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
    const post = await createPost(app.db, {
      user_id: authorId,
      campus_id: campusId,
      img_count: photos,
      created_at: at,
      last_modified: at,
    });
    for (let position = 0; position < photos; position++) {
      await createMedia(app.db, { post_id: post.id, position, path: `${post.id}/${position}.webp` });
    }
    ids.push(post.id);
  }
  return ids;
}
