import { NavLink } from 'react-router';
import { useViewer } from '../../app/session/use-viewer.ts';

interface Entry {
  label: string;
  to: string;
  show?: 'signedIn' | 'signedOut';
}

/** spec 1 §2 / spec 3 §2: the settings navigation, in its four sections. */
const SECTIONS: { heading: string; entries: Entry[] }[] = [
  {
    heading: 'Account Info',
    entries: [
      { label: 'Account Settings', to: '/settings/account', show: 'signedIn' },
      { label: 'Log In / Sign Up', to: '/user_registration', show: 'signedOut' },
    ],
  },
  {
    heading: 'Help & Feedback',
    entries: [
      { label: 'Customer Support', to: '/settings/help' },
      { label: 'Give Us Feedback', to: '/settings/feedback' },
    ],
  },
  {
    heading: 'For Professionals',
    entries: [
      { label: 'Manage Ads', to: '/ads' },
      { label: 'Payments', to: '/settings/payments' },
    ],
  },
  {
    heading: 'General Info',
    entries: [
      { label: 'About', to: '/settings/about' },
      { label: 'How It Works', to: '/settings/howitworks' },
      { label: 'Return Policy', to: '/settings/returns' },
      { label: 'Trust and Safety', to: '/settings/trust_and_safety' },
      { label: 'Terms of Service', to: '/settings/terms' },
      { label: 'Privacy Policy', to: '/settings/privacy' },
      { label: 'Log Out', to: '/logout', show: 'signedIn' },
    ],
  },
];

export function SettingsNav() {
  const isSignedIn = useViewer() !== null;
  return (
    <nav className="card settings-nav" aria-label="Settings">
      <h1 className="settings-nav__title">Settings</h1>
      {SECTIONS.map((section) => (
        <section key={section.heading} className="settings-nav__section">
          <h2 className="settings-nav__heading">{section.heading}</h2>
          {section.entries
            .filter((entry) => !entry.show || (entry.show === 'signedIn') === isSignedIn)
            .map((entry) => (
              <NavLink key={entry.to} to={entry.to} className="settings-nav__entry">
                {entry.label}
              </NavLink>
            ))}
        </section>
      ))}
    </nav>
  );
}
