import { campusLogoPath } from '@campus/shared/campus-api';
import type { CampusSearchHitDto } from '@campus/shared/campus-search-api';
import type { CampusDefinition } from '@campus/shared/campuses';

/** A catalogue entry as the school finder shows it; the country is 'US' as in GET /api/campus. */
export function toCampusSearchHit(campus: CampusDefinition): CampusSearchHitDto {
  return {
    id: campus.id,
    name: campus.name,
    shortName: campus.shortName,
    city: campus.city,
    state: campus.state,
    country: 'US',
    logoUrl: campusLogoPath(campus.id),
    subdomain: campus.subdomain,
  };
}
