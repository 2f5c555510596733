import { INFO_PAGE_TITLES } from '@campus/shared/info-pages';
import type { Page } from 'playwright-core';

/** One settings entry (spec 3 §2): its label, where it leads, and the h1 there (null: built elsewhere). */
export interface SettingsEntry {
  label: string;
  path: string;
  heading: string | null;
  show?: 'signedIn' | 'signedOut';
}

/** spec 3 §2 Settings navigation, in order, with the four section headings. */
export const SETTINGS_HEADINGS = ['Account Info', 'Help & Feedback', 'For Professionals', 'General Info'];
const SETTINGS_ENTRIES: SettingsEntry[] = [
  { label: 'Account Settings', path: '/settings/account', heading: 'Account Settings', show: 'signedIn' },
  { label: 'Log In / Sign Up', path: '/user_registration', heading: 'Log In or Sign Up', show: 'signedOut' },
  { label: 'Customer Support', path: '/settings/help', heading: INFO_PAGE_TITLES.help },
  { label: 'Give Us Feedback', path: '/settings/feedback', heading: INFO_PAGE_TITLES.feedback },
  // Manage Ads and Payments are other issues' screens: only the navigation is checked here.
  { label: 'Manage Ads', path: '/ads', heading: null },
  { label: 'Payments', path: '/settings/payments', heading: null },
  { label: 'About', path: '/settings/about', heading: INFO_PAGE_TITLES.about },
  { label: 'How It Works', path: '/settings/howitworks', heading: INFO_PAGE_TITLES.howitworks },
  { label: 'Return Policy', path: '/settings/returns', heading: INFO_PAGE_TITLES.returns },
  { label: 'Trust and Safety', path: '/settings/trust_and_safety', heading: INFO_PAGE_TITLES.trust_and_safety },
  { label: 'Terms of Service', path: '/settings/terms', heading: INFO_PAGE_TITLES.terms },
  { label: 'Privacy Policy', path: '/settings/privacy', heading: INFO_PAGE_TITLES.privacy },
  { label: 'Log Out', path: '/logout', heading: 'Log out?', show: 'signedIn' },
];

export function entriesFor(isSignedIn: boolean): SettingsEntry[] {
  return SETTINGS_ENTRIES.filter((entry) => !entry.show || (entry.show === 'signedIn') === isSignedIn);
}

export function settingsNav(page: Page) {
  return page.getByRole('navigation', { name: 'Settings' });
}

/** The page's own h1 (the navigation's 'Settings' title is an h1 too). */
export function pageHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}
