import { ScreenHeader } from '../../../lib/screen-header.tsx';

/** The post variant of the header (spec 1 §2): Back and '{first name}'s post' (decisions 024 and 028). */
export function PostPageHeader({ firstName }: { firstName: string | null }) {
  return <ScreenHeader title={firstName === null ? null : `${firstName}'s post`} fallback="/home" />;
}
