import type { MeDto } from '@campus/shared/account-api';

/** spec 1 §3: the client keeps the user id in local storage; we keep the whole user for offline starts. */
const STORAGE_KEY = 'me:v1';

/** The user last signed in on this device, as the session provider stored them (offline search reads it too). */
export function readStoredUser(): MeDto | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as MeDto) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: MeDto | null): void {
  if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEY);
}
