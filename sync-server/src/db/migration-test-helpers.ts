import { migrationProvider } from '@campus/migrations/all';
import { Migrator } from 'kysely';
import { expect, onTestFinished } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { createUser } from '../test/factories.ts';
import { openDatabase } from './database.ts';

/**
 * A fresh in-memory database migrated up to `migration` (closed when the test
 * ends), with the campus catalogue and two users, Alice and Bob; the migrator
 * goes on from there (and back down).
 */
export async function databaseAt(migration: string) {
  const { db } = openDatabase(':memory:');
  onTestFinished(() => db.destroy());
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo(migration)).error).toBeUndefined();
  await upsertCampusCatalogue(db, undefined);
  const alice = await createUser(db, { first_name: 'Alice' });
  const bob = await createUser(db, { first_name: 'Bob' });
  return { db, migrator, alice, bob };
}
