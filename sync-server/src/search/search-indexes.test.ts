import { describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { createPost, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { createSearchIndexes } from './search-indexes.ts';

const logger = createLogger('silent');

function newest(index: Awaited<ReturnType<ReturnType<typeof createSearchIndexes>['forCampus']>>, q: string) {
  return index.posts.findPage(q, () => true, 'newest', 0, 10).ids;
}

describe('search indexes', () => {
  it('rebuild from SQLite when the changes log was pruned past what they read', async () => {
    const { db } = await createTestApp();
    const indexes = createSearchIndexes(db, logger, { maxPostsPerCampus: 100 });
    const author = await createUser(db);
    expect(newest(await indexes.forCampus('ou'), 'sled')).toEqual([]);
    const missed = await createPost(db, { user_id: author.id, text_plain: 'Sled, red' });
    const kept = await createPost(db, { user_id: author.id, text_plain: 'Sled, blue' });
    // Housekeeping dropped the first write's row before the index read it.
    const head = await db
      .selectFrom('changes')
      .select((eb) => eb.fn.max('seq').as('head'))
      .executeTakeFirstOrThrow();
    await db.deleteFrom('changes').where('seq', '<', Number(head.head)).execute();
    expect(newest(await indexes.forCampus('ou'), 'sled')).toEqual([kept.id, missed.id]);
    await indexes.close();
  });

  it('hold at most the newest posts the bound allows, rebuilding once 10% over', async () => {
    const { db } = await createTestApp();
    const indexes = createSearchIndexes(db, logger, { maxPostsPerCampus: 10 });
    const author = await createUser(db);
    const ids: string[] = [];
    for (let count = 0; count < 12; count++)
      ids.push((await createPost(db, { user_id: author.id, text_plain: `Mug ${count}` })).id);
    const index = await indexes.forCampus('ou');
    expect(index.posts.documentCount).toBe(10);
    expect(newest(index, 'mug')).toEqual(ids.slice(2).reverse());
    await createPost(db, { user_id: author.id, text_plain: 'Mug 12' });
    await createPost(db, { user_id: author.id, text_plain: 'Mug 13' });
    expect((await indexes.forCampus('ou')).posts.documentCount).toBe(10);
    await indexes.close();
  });

  it('move a person who joins another school out of the old campus', async () => {
    const { db } = await createTestApp();
    const indexes = createSearchIndexes(db, logger, { maxPostsPerCampus: 100 });
    const mover = await createUser(db, { first_name: 'Wanderer' });
    await indexes.forCampus('ut');
    expect((await indexes.forCampus('ou')).people.search('wanderer').map((hit) => hit.id)).toEqual([mover.id]);
    await db.updateTable('users').set({ campus_id: 'ut' }).where('id', '=', mover.id).execute();
    expect((await indexes.forCampus('ou')).people.search('wanderer')).toEqual([]);
    expect((await indexes.forCampus('ut')).people.search('wanderer').map((hit) => hit.id)).toEqual([mover.id]);
    // The log is the index's alone: what it applied is gone.
    expect(await db.selectFrom('search_user_changes').selectAll().execute()).toEqual([]);
    await indexes.close();
  });
});
