import { campusLogoPath } from '@campus/shared/campus-api';
import { CAMPUSES, type CampusDefinition } from '@campus/shared/campuses';
import type { Db } from '../db/database.ts';

/**
 * Writes the catalogue of shared/campuses.ts into the campuses table, so SQL
 * joins and foreign keys see every campus. Runs at every start; idempotent.
 */
export async function upsertCampusCatalogue(db: Db, baseDomain: string | undefined): Promise<void> {
  const now = new Date().toISOString();
  for (const campus of CAMPUSES) {
    const hostNames = [`${campus.subdomain}.localhost`, ...(baseDomain ? [`${campus.subdomain}.${baseDomain}`] : [])];
    const values = {
      name: campus.name,
      short_name: campus.shortName,
      email_domains: JSON.stringify(campus.emailDomains),
      city: campus.city,
      state: campus.state,
      country: 'US',
      launch_date: campus.launchDate,
      logo_url: campusLogoPath(campus.id),
      privacy: campus.privacy,
      host_names: JSON.stringify(hostNames),
      color: campus.color,
      is_generic: campus.isGeneric ? 1 : 0,
    };
    await db
      .insertInto('campuses')
      .values({ id: campus.id, created_at: now, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
  }
}

/** spec 1 §1: the member count is the campus's users with school_verified true. */
export async function countCampusMembers(db: Db, campus: CampusDefinition): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('campus_id', '=', campus.id)
    .where('school_verified', '=', 1)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
