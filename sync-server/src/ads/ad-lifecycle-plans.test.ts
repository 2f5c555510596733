import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createTestApp } from '../test/test-app.ts';
import { activeAdsQuery, openCheckoutsBeforeQuery } from './ads.repository.ts';

async function planOf(db: Db, query: { compile(): CompiledQuery }): Promise<string> {
  const { sql, parameters } = query.compile();
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  );
  return plan.rows.map((row) => row.detail).join(' | ');
}

// Each lifecycle pass (every minute, on every server) reads these: never every ad ever made.
describe("the ads' lifecycle pass reads only the rows it acts on", () => {
  it('finds the running ads and the open checkouts through their partial indexes', async () => {
    const { db } = await createTestApp();
    expect(await planOf(db, activeAdsQuery(db))).toContain('USING INDEX ads_active');
    expect(await planOf(db, openCheckoutsBeforeQuery(db, '2026-12-01T00:00:00.000Z'))).toContain(
      'USING INDEX ads_open_checkouts',
    );
  });
});
