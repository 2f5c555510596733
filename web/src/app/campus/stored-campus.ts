import type { CampusDto } from '@campus/shared/campus-api';

const STORAGE_KEY = 'campus:v1';

/** This origin's campus as last answered by GET /api/campus (each campus is its own origin). */
export function readStoredCampus(): CampusDto | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as CampusDto) : null;
  } catch {
    return null;
  }
}

export function storeCampus(campus: CampusDto): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(campus));
}
