import type {
  PeopleSearchPageDto,
  PopularSearchesDto,
  PostSearchPageDto,
  SearchSuggestionsDto,
} from '@campus/shared/search-api';
import { SEARCH_SIGN_IN_MESSAGE, SEARCH_VERIFY_MESSAGE } from '@campus/shared/search-rules';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { errorsOf } from '../test/accounts.ts';
import { createBlock, createPost } from '../test/factories.ts';
import { type Actor, bodyOf, createMember } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createSearchIndexes } from './search-indexes.ts';

async function postIds(app: TestApp, actor: Actor, query: string, host = actor.host): Promise<string[]> {
  const response = await app.request(`/api/search?${query}`, { session: actor.session, host });
  return (await bodyOf<PostSearchPageDto>(response, 200)).posts.map((post) => post.id);
}

describe('search security', () => {
  it("never shows another campus's posts, people or popular searches; a guest searches the campus visited", async () => {
    const app = await createTestApp();
    const okie = await createMember(app, { first_name: 'Okie' });
    const texan = await createMember(app, { campus_id: 'ut', first_name: 'Texan', email: 'texan@utexas.edu' });
    const ouBike = await createPost(app.db, { user_id: okie.user.id, text_plain: 'Bike in Norman' });
    const utBike = await createPost(app.db, { user_id: texan.user.id, campus_id: 'ut', text_plain: 'Bike in Austin' });
    await app.db
      .insertInto('popular_searches')
      .values({ id: 'ut-1', campus_id: 'ut', text: 'longhorn', total_views: 9, created_at: '', updated_at: '' })
      .execute();

    expect(await postIds(app, okie, 'q=bike')).toEqual([ouBike.id]);
    expect(await postIds(app, texan, 'q=bike')).toEqual([utBike.id]);
    // The UT student visiting OU's site is a guest there: OU's posts only.
    expect(await postIds(app, texan, 'q=bike', 'ou.localhost')).toEqual([ouBike.id]);
    const people = await bodyOf<PeopleSearchPageDto>(
      await app.request('/api/search?show=people&q=texan', { session: okie.session }),
      200,
    );
    expect(people.users).toEqual([]);
    const popular = await bodyOf<PopularSearchesDto>(
      await app.request('/api/search/popular', { session: okie.session }),
      200,
    );
    expect(popular.searches).toEqual([]);
  });

  it('hides the posts and names of users blocked either way, in results and suggestions', async () => {
    const app = await createTestApp();
    const viewer = await createMember(app);
    const blockedByViewer = await createMember(app, { first_name: 'Lampseller' });
    const blockerOfViewer = await createMember(app, { first_name: 'Lampmaker' });
    const visible = await createPost(app.db, { user_id: (await createMember(app)).user.id, text_plain: 'Lamp, brass' });
    await createPost(app.db, { user_id: blockedByViewer.user.id, text_plain: 'Lamp, green' });
    await createPost(app.db, { user_id: blockerOfViewer.user.id, text_plain: 'Lamp, red' });
    await createBlock(app.db, viewer.user.id, blockedByViewer.user.id);
    await createBlock(app.db, blockerOfViewer.user.id, viewer.user.id);

    expect(await postIds(app, viewer, 'q=lamp')).toEqual([visible.id]);
    const people = await bodyOf<PeopleSearchPageDto>(
      await app.request('/api/search?show=people&q=lamp', { session: viewer.session }),
      200,
    );
    expect(people.users).toEqual([]);
    const suggest = await bodyOf<SearchSuggestionsDto>(
      await app.request('/api/search/suggest?q=lamp', { session: viewer.session }),
      200,
    );
    expect(suggest.suggestions).toEqual([{ kind: 'post', postId: visible.id, title: 'Lamp, brass' }]);
    // The block hides the viewer's side only: someone else still finds all three.
    expect(await postIds(app, blockedByViewer, 'q=lamp')).toHaveLength(3);
  });

  it('never brings a deleted post back, neither live nor in an index rebuilt from SQLite', async () => {
    const app = await createTestApp();
    const owner = await createMember(app);
    const post = await createPost(app.db, { user_id: owner.user.id, text_plain: 'Futon, folds flat' });
    expect(await postIds(app, owner, 'q=futon')).toEqual([post.id]);
    const deleted = await app.request(`/api/posts/${post.id}`, { method: 'DELETE', session: owner.session });
    expect(deleted.status).toBe(200);
    expect(await postIds(app, owner, 'q=futon')).toEqual([]);
    const rebuilt = createSearchIndexes(app.db, createLogger('silent'), { maxPostsPerCampus: 100 });
    expect((await rebuilt.forCampus('ou')).posts.search('futon')).toEqual([]);
    expect((await rebuilt.forCampus('ou')).posts.documentCount).toBe(0);
  });

  it('applies the spec rules for visitors and unverified students on a private campus', async () => {
    const app = await createTestApp();
    const unverified = await createMember(app, { verified: 0, school_verified: 0 });
    const personal = await createMember(app, { school_verified: 0, email: 'me@gmail.com' });
    for (const path of ['/api/search?q=bike', '/api/search/suggest?q=bike', '/api/search/popular']) {
      const asVisitor = await errorsOf(await app.request(path), 401);
      expect(asVisitor).toEqual([{ code: 'unauthorized', msg: SEARCH_SIGN_IN_MESSAGE }]);
      const asUnverified = await errorsOf(await app.request(path, { session: unverified.session }), 403);
      expect(asUnverified).toEqual([{ code: 'not_verified', msg: SEARCH_VERIFY_MESSAGE }]);
      const asPersonal = await errorsOf(await app.request(path, { session: personal.session }), 403);
      expect(asPersonal).toEqual([{ code: 'school_email_required', msg: SEARCH_VERIFY_MESSAGE }]);
    }
    const count = await app.request('/api/search/popular', { json: { q: 'bike' } });
    expect(count.status).toBe(401);
    expect(await app.db.selectFrom('popular_searches').selectAll().execute()).toEqual([]);
  });

  it('lets a visitor search the public generic site, counting one visitor address once', async () => {
    const app = await createTestApp();
    const student = await createMember(app, { campus_id: 'campus', email: 'dallas@gmail.com' });
    const post = await createPost(app.db, { user_id: student.user.id, campus_id: 'campus', text_plain: 'Couch' });
    const host = 'campus.localhost';
    const page = await bodyOf<PostSearchPageDto>(await app.request('/api/search?q=couch', { host }), 200);
    expect(page.posts.map((found) => found.id)).toEqual([post.id]);
    expect(page.posts[0]).not.toHaveProperty('isSaved');
    for (let time = 0; time < 5; time++) await app.request('/api/search/popular', { host, json: { q: 'couch' } });
    const popular = await bodyOf<PopularSearchesDto>(await app.request('/api/search/popular', { host }), 200);
    expect(popular.searches).toEqual([{ text: 'couch', totalViews: 1 }]);
  });
});
