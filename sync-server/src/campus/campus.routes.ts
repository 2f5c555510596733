import type { CampusDto } from '@campus/shared/campus-api';
import { campusLogoPath } from '@campus/shared/campus-api';
import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import { countCampusMembers } from './campus.repository.ts';

/**
 * `boostsAvailable`: this server has a payment provider (decision 041); without one the app offers
 * no Boost. `googleSignInAvailable`: it has a Google client (issue 39 item 8); without one, no
 * 'Continue with Google' leading to 'not set up on this server'.
 */
export function campusRoutes(
  db: Db,
  { boostsAvailable, googleSignInAvailable }: { boostsAvailable: boolean; googleSignInAvailable: boolean },
) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const campus = c.get('campus');
    const body: CampusDto = {
      id: campus.id,
      name: campus.name,
      shortName: campus.shortName,
      emailDomains: [...campus.emailDomains],
      city: campus.city,
      state: campus.state,
      country: 'US',
      launchDate: campus.launchDate,
      privacy: campus.privacy,
      color: campus.color,
      isGeneric: campus.isGeneric,
      logoUrl: campusLogoPath(campus.id),
      memberCount: await countCampusMembers(db, campus),
      boostsAvailable,
      googleSignInAvailable,
    };
    // The shell reads this on every start; a short private cache keeps reloads instant.
    c.header('Cache-Control', 'private, max-age=60');
    return c.json(body);
  });
}
