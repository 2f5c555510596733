/** An entry of a signed-in student's menu. */
export interface AccountMenuEntry {
  label: string;
  to: string;
}

// spec 3 names /ads for Manage Ads; that screen is a placeholder until issue 24 (decision 028).
const SETTINGS: AccountMenuEntry = { label: 'Settings', to: '/settings' };
const MANAGE_ADS: AccountMenuEntry = { label: 'Manage Ads', to: '/ads' };
const LOG_OUT: AccountMenuEntry = { label: 'Log Out', to: '/logout' };

/** spec 1 §2 "Avatar menu signed in": profile (its own first entry), My Saved, Settings, Manage Ads, Log Out. */
export const AVATAR_MENU_ENTRIES: AccountMenuEntry[] = [
  { label: 'My Saved', to: '/saved' },
  SETTINGS,
  MANAGE_ADS,
  LOG_OUT,
];

/** spec 1 §2 "The sidebar profile menu: View Profile, Settings, Manage Ads, Log Out." */
export function sidebarMenuEntries(username: string): AccountMenuEntry[] {
  return [{ label: 'View Profile', to: `/${username}` }, SETTINGS, MANAGE_ADS, LOG_OUT];
}
