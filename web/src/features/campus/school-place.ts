import type { CampusSearchHitDto } from '@campus/shared/campus-search-api';

/** spec 2 School finder: "Each result shows city, state, country": 'Austin, TX, US'. */
export function schoolPlace(school: Pick<CampusSearchHitDto, 'city' | 'state' | 'country'>): string {
  return [school.city, school.state, school.country].filter(Boolean).join(', ');
}
