import { Link } from 'react-router';
import { useIsPhoneLayout } from '../../lib/use-phone-layout.ts';
import type { CategoryPickerEntryState } from './category-picker-screen.tsx';
import { useComposerUrl } from './composer-place.ts';

const FROM_COMPOSER: CategoryPickerEntryState = { isFromComposer: true };

/**
 * On phones, the composer's way to /create/categories (decision 028). Hidden
 * while photos upload: leaving the page would drop uploads still in flight.
 */
export function CategoryPickerLink({ isUploading }: { isUploading: boolean }) {
  const isPhone = useIsPhoneLayout();
  const goBack = new URLSearchParams(useComposerUrl().search).get('goBack') ?? 'home';
  if (!isPhone || isUploading) return null;
  return (
    <Link
      to={`/create/categories?${new URLSearchParams({ goBack })}`}
      state={FROM_COMPOSER}
      className="composer__categories-link"
    >
      See all categories
    </Link>
  );
}
