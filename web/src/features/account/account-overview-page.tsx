import { Link } from 'react-router';
import { useSession } from '../../app/session/session-context.tsx';
import { Icon } from '../../lib/icon.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** /settings/account (spec 1 §2): each row opens its own page. */
export function AccountOverviewPage() {
  const { user } = useSession();
  if (!user) return null;
  const birthDate = user.birthDate
    ? `${MONTHS[user.birthDate.month - 1]} ${user.birthDate.day}, ${user.birthDate.year}`
    : 'Not set';
  const rows = [
    { label: 'Username', value: `@${user.username}`, to: 'screen_name' },
    { label: 'Email', value: user.email, to: 'email' },
    { label: 'Phone', value: user.phone ?? 'Not set', to: 'phone' },
    // spec 1 §2: without a password (Google or e-mail-link accounts) the row reads 'not available'.
    user.hasPassword
      ? { label: 'Password', value: 'Change your password', to: 'password' }
      : { label: 'Password', value: 'Change your password (not available)', to: null },
    {
      label: 'Gender',
      value: user.gender ? user.gender[0]?.toUpperCase() + user.gender.slice(1) : 'Not set',
      to: 'gender',
    },
    { label: 'Birth date', value: birthDate, to: 'birth_date' },
    { label: 'School email', value: user.schoolEmail ?? 'Join your campus', to: 'school_email' },
    { label: 'Notifications', value: user.emailNotifications ? 'E-mail on' : 'E-mail off', to: 'notifications' },
  ];
  return (
    <section className="card settings-page" aria-labelledby="account-title">
      <h1 id="account-title" className="settings-page__title">
        Account Settings
      </h1>
      <ul className="settings-rows">
        {rows.map((row) => (
          <li key={row.label}>
            {row.to ? (
              <Link to={`/settings/account/${row.to}`} className="settings-row">
                <span className="settings-row__label">{row.label}</span>
                <span className="settings-row__value">{row.value}</span>
                <Icon name="back" size={18} />
              </Link>
            ) : (
              <span className="settings-row settings-row--disabled">
                <span className="settings-row__label">{row.label}</span>
                <span className="settings-row__value">{row.value}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <Link to="/profile/edit" className="button button--outline">
        Edit Profile
      </Link>
    </section>
  );
}
