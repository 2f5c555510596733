import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { BirthDatePage } from './birth-date-page.tsx';
import { EmailPage } from './email-page.tsx';
import { GenderPage } from './gender-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { PasswordPage } from './password-page.tsx';
import { PhonePage } from './phone-page.tsx';
import { SchoolEmailPage } from './school-email-page.tsx';
import { UsernamePage } from './username-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';
import { VerifySchoolEmailPage } from './verify-school-email-page.tsx';

/** spec 1 §2: "The last path segment picks the page." */
const PAGES: Record<string, ComponentType> = {
  screen_name: UsernamePage,
  email: EmailPage,
  verify_email: VerifyEmailPage,
  password: PasswordPage,
  phone: PhonePage,
  gender: GenderPage,
  birth_date: BirthDatePage,
  school_email: SchoolEmailPage,
  verify_school_email: VerifySchoolEmailPage,
  notifications: NotificationsPage,
};

export function AccountPageRouter({ fallback }: { fallback: ComponentType }) {
  const { page = '' } = useParams();
  const Page = PAGES[page] ?? fallback;
  return <Page />;
}
