import type { CampusAboutDto, NewMembersPageDto } from '@campus/shared/about-api';
import { bodyOf } from '../test/post-requests.ts';
import type { TestApp } from '../test/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/** An ISO time `days` before now (fractions allowed). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY).toISOString();
}

export async function aboutOf(app: TestApp, host = 'ou.localhost', session?: string) {
  return bodyOf<CampusAboutDto>(await app.request('/api/campus/about', { host, session }), 200);
}

export async function newMembersPage(app: TestApp, cursor: string, host = 'ou.localhost', session?: string) {
  return bodyOf<NewMembersPageDto>(
    await app.request(`/api/campus/new-members?cursor=${encodeURIComponent(cursor)}`, { host, session }),
    200,
  );
}
