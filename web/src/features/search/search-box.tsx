import { SEARCH_BOX_TEXT } from '@campus/shared/search-api';
import { lazy, Suspense, useState } from 'react';
import { Icon } from '../../lib/icon.tsx';

// The combobox loads just after the first paint, off /home's script budget (npm run size, decision 038).
const SearchCombobox = lazy(() =>
  import('./search-combobox.tsx').then((module) => ({ default: module.SearchCombobox })),
);

/**
 * The header search box (spec 1 §2 "Shell"): 'Search {campus} Buy / Sell'. Until its combobox has
 * loaded, an input that looks the same stands in; one focused meanwhile hands the focus over.
 */
export function SearchBox({ campusShortName }: { campusShortName: string }) {
  const [hasFocus, setHasFocus] = useState(false);
  const label = SEARCH_BOX_TEXT.placeholder(campusShortName);
  return (
    <Suspense
      fallback={
        <div className="search-box">
          <Icon name="search" size={18} />
          <input
            type="search"
            role="combobox"
            aria-expanded={false}
            className="search-box__input"
            placeholder={label}
            aria-label={label}
            readOnly
            onFocus={() => setHasFocus(true)}
          />
        </div>
      }
    >
      <SearchCombobox campusShortName={campusShortName} hasFocus={hasFocus} />
    </Suspense>
  );
}
