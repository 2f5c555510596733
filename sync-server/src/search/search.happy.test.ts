import type { MessageDto, PostResponse } from '@campus/shared/post-api';
import type {
  CountSearchDto,
  PeopleSearchPageDto,
  PopularSearchesDto,
  PostSearchPageDto,
  SearchSuggestionsDto,
} from '@campus/shared/search-api';
import { describe, expect, it } from 'vitest';
import { createMedia, createPost } from '../test/factories.ts';
import { type Actor, bodyOf, createMember, doc, submitPost } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

function search(app: TestApp, actor: Actor, query: string) {
  return app.request(`/api/search?${query}`, { session: actor.session, host: actor.host });
}

async function postIdsFor(app: TestApp, actor: Actor, query: string): Promise<string[]> {
  const page = await bodyOf<PostSearchPageDto>(await search(app, actor, query), 200);
  return page.posts.map((post) => post.id);
}

function isoMinutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

describe('GET /api/search', () => {
  it('finds posts by words, prefix and a typo, newest first, in the feed card shape', async () => {
    const app = await createTestApp();
    const seller = await createMember(app, { first_name: 'Sofia', last_name: 'Diaz', username: 'sofia' });
    const old = await createPost(app.db, {
      user_id: seller.user.id,
      text_plain: 'Red road bike, barely used',
      price: 250,
      created_at: isoMinutesAgo(10),
    });
    const recent = await createPost(app.db, {
      user_id: seller.user.id,
      text_plain: 'Mountain bike with lights',
      price: 400,
      created_at: isoMinutesAgo(1),
    });
    await createPost(app.db, { user_id: seller.user.id, text_plain: 'Desk lamp' });

    const page = await bodyOf<PostSearchPageDto>(await search(app, seller, 'q=bike'), 200);
    expect(page.posts.map((post) => post.id)).toEqual([recent.id, old.id]);
    expect(page.posts[0]).toMatchObject({ id: recent.id, price: 400, author: { username: 'sofia' }, isSaved: false });
    expect(page.nextPage).toBeNull();
    // Prefix (as you type), a typo from 4 letters, and every word must match.
    expect(await postIdsFor(app, seller, 'q=bik')).toEqual([recent.id, old.id]);
    expect(await postIdsFor(app, seller, 'q=mountian')).toEqual([recent.id]);
    expect(await postIdsFor(app, seller, 'q=red%20bike')).toEqual([old.id]);
    // The author's name and username, and the price as a word.
    expect(await postIdsFor(app, seller, 'q=diaz%20lamp')).toHaveLength(1);
    expect(await postIdsFor(app, seller, 'q=250')).toEqual([old.id]);
  });

  it('filters by category, whole-dollar price range and available only, and sorts by price', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const cheap = await createPost(app.db, {
      user_id: seller.user.id,
      text_plain: 'Bike one',
      price: 90,
      category: 'sports & outdoors',
    });
    const sold = await createPost(app.db, { user_id: seller.user.id, text_plain: 'Bike two', price: 150, is_sold: 1 });
    const dear = await createPost(app.db, { user_id: seller.user.id, text_plain: 'Bike three', price: 900 });
    const free = await createPost(app.db, { user_id: seller.user.id, text_plain: 'Bike four' });

    expect(await postIdsFor(app, seller, 'q=bike&category=sports%20%26%20outdoors')).toEqual([cheap.id]);
    expect(await postIdsFor(app, seller, 'q=bike&maxPrice=300&sort=price-asc')).toEqual([cheap.id, sold.id]);
    expect(await postIdsFor(app, seller, 'q=bike&maxPrice=300&available=true')).toEqual([cheap.id]);
    expect(await postIdsFor(app, seller, 'q=bike&minPrice=100&sort=price-desc')).toEqual([dear.id, sold.id]);
    // Unpriced posts come last in either price order.
    expect((await postIdsFor(app, seller, 'q=bike&sort=price-asc')).at(-1)).toBe(free.id);
    expect((await postIdsFor(app, seller, 'q=bike&sort=price-desc')).at(-1)).toBe(free.id);
  });

  it('pages 10 at a time and says where the end is; media shows only posts with photos', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) {
      ids.push(
        (
          await createPost(app.db, {
            user_id: seller.user.id,
            text_plain: `Lamp ${index}`,
            created_at: isoMinutesAgo(100 - index),
          })
        ).id,
      );
    }
    const first = await bodyOf<PostSearchPageDto>(await search(app, seller, 'q=lamp'), 200);
    expect(first.posts).toHaveLength(10);
    expect(first.nextPage).toBe(1);
    const second = await bodyOf<PostSearchPageDto>(await search(app, seller, 'q=lamp&page=1'), 200);
    expect(second.posts.map((post) => post.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextPage).toBeNull();

    const photo = ids[5] ?? '';
    await createMedia(app.db, { post_id: photo });
    await app.db.updateTable('posts').set({ img_count: 1 }).where('id', '=', photo).execute();
    const media = await bodyOf<PostSearchPageDto>(await search(app, seller, 'q=lamp&show=media'), 200);
    expect(media).toMatchObject({ show: 'media', nextPage: null });
    expect(media.posts.map((post) => post.id)).toEqual([photo]);
    expect(media.posts[0]?.media).toHaveLength(1);
  });

  it('finds people of the campus by name and username, best match first', async () => {
    const app = await createTestApp();
    const viewer = await createMember(app);
    const sofia = await createMember(app, { first_name: 'Sofia', last_name: 'Diaz', username: 'sofiad' });
    await createMember(app, { first_name: 'Sam', last_name: 'Sofield', username: 'samsof' });
    // Not school-verified: not a member, not found.
    await createMember(app, { first_name: 'Sofia', last_name: 'Unjoined', school_verified: 0 });

    const page = await bodyOf<PeopleSearchPageDto>(await search(app, viewer, 'q=sofia%20diaz&show=people'), 200);
    expect(page).toMatchObject({ show: 'people', nextPage: null });
    expect(page.users.map((user) => user.id)).toEqual([sofia.user.id]);
    const byPrefix = await bodyOf<PeopleSearchPageDto>(await search(app, viewer, 'q=sof&show=people'), 200);
    expect(byPrefix.users).toHaveLength(2);
  });

  it('keeps up with every write: create, edit, sold mark, delete, and a new name', async () => {
    const app = await createTestApp();
    const seller = await createMember(app, { first_name: 'Sofia', username: 'sofia' });
    expect(await postIdsFor(app, seller, 'q=kayak')).toEqual([]);

    const { post } = await bodyOf<PostResponse>(
      await submitPost(app, seller, { text: doc('Kayak with paddle'), price: 300 }),
      201,
    );
    expect(await postIdsFor(app, seller, 'q=kayak')).toEqual([post.id]);

    const patch = (json: Record<string, unknown>) =>
      app.request(`/api/posts/${post.id}`, { method: 'PATCH', session: seller.session, json });
    await bodyOf<PostResponse>(await patch({ text: doc('Canoe with paddle') }), 200);
    expect(await postIdsFor(app, seller, 'q=kayak')).toEqual([]);
    expect(await postIdsFor(app, seller, 'q=canoe')).toEqual([post.id]);

    await bodyOf<PostResponse>(await patch({ isSold: true }), 200);
    expect(await postIdsFor(app, seller, 'q=canoe&available=true')).toEqual([]);
    expect(await postIdsFor(app, seller, 'q=canoe')).toEqual([post.id]);

    const renamed = await app.request('/api/account/username', {
      method: 'PUT',
      session: seller.session,
      json: { username: 'paddler22' },
    });
    expect(renamed.status).toBe(200);
    expect(await postIdsFor(app, seller, 'q=paddler22')).toEqual([post.id]);
    const people = await bodyOf<PeopleSearchPageDto>(await search(app, seller, 'q=paddler&show=people'), 200);
    expect(people.users.map((user) => user.username)).toEqual(['paddler22']);

    await bodyOf<MessageDto>(
      await app.request(`/api/posts/${post.id}`, { method: 'DELETE', session: seller.session }),
      200,
    );
    expect(await postIdsFor(app, seller, 'q=canoe')).toEqual([]);
  });

  it('does not index comments', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const post = await createPost(app.db, { user_id: seller.user.id, text_plain: 'Desk for sale' });
    await createPost(app.db, { user_id: seller.user.id, text_plain: 'Is the desk oak?', parent_id: post.id });
    expect(await postIdsFor(app, seller, 'q=oak')).toEqual([]);
    expect(await postIdsFor(app, seller, 'q=desk')).toEqual([post.id]);
  });
});

describe('GET /api/search/suggest', () => {
  it('offers post titles and people as you type', async () => {
    const app = await createTestApp();
    const seller = await createMember(app, { first_name: 'Bikram', last_name: 'Rao', username: 'bikram' });
    const post = await createPost(app.db, {
      user_id: seller.user.id,
      text_plain: 'Trek bike for $300\nPick up in Norman',
    });
    const body = await bodyOf<SearchSuggestionsDto>(
      await app.request('/api/search/suggest?q=bik', { session: seller.session }),
      200,
    );
    expect(body.suggestions).toEqual([
      { kind: 'post', postId: post.id, title: 'Trek bike for $300' },
      { kind: 'person', user: expect.objectContaining({ id: seller.user.id, username: 'bikram' }) },
    ]);
  });
});

describe('popular searches', () => {
  it('counts an explicit search once per client and text, and lists 14 by total views', async () => {
    const app = await createTestApp();
    const [first, second] = [await createMember(app), await createMember(app)];
    await createPost(app.db, { user_id: first.user.id, text_plain: 'Mini fridge and a microwave' });
    const count = (actor: Actor, q: string) =>
      app.request('/api/search/popular', { session: actor.session, json: { q } });

    expect(await bodyOf<CountSearchDto>(await count(first, 'Mini  Fridge'), 200)).toEqual({ isCounted: true });
    // The same student again, in another case: not counted twice.
    expect(await bodyOf<CountSearchDto>(await count(first, 'mini fridge '), 200)).toEqual({ isCounted: false });
    expect(await bodyOf<CountSearchDto>(await count(second, 'mini fridge'), 200)).toEqual({ isCounted: true });
    expect(await bodyOf<CountSearchDto>(await count(second, 'microwave'), 200)).toEqual({ isCounted: true });
    // A search that finds nothing does not climb the list.
    expect(await bodyOf<CountSearchDto>(await count(second, 'zzzqqq'), 200)).toEqual({ isCounted: false });

    const popular = await bodyOf<PopularSearchesDto>(
      await app.request('/api/search/popular', { session: first.session }),
      200,
    );
    expect(popular.searches).toEqual([
      { text: 'mini fridge', totalViews: 2 },
      { text: 'microwave', totalViews: 1 },
    ]);

    for (let index = 0; index < 20; index++) {
      await app.db
        .insertInto('popular_searches')
        .values({
          id: `p${index}`,
          campus_id: 'ou',
          text: `term ${index}`,
          total_views: 100 + index,
          created_at: '',
          updated_at: '',
        })
        .execute();
    }
    const full = await bodyOf<PopularSearchesDto>(
      await app.request('/api/search/popular', { session: first.session }),
      200,
    );
    expect(full.searches).toHaveLength(14);
    expect(full.searches[0]).toEqual({ text: 'term 19', totalViews: 119 });
  });
});
