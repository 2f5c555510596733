import { useState } from 'react';
import { Icon } from '../../lib/icon.tsx';
import { Modal } from '../../lib/modal.tsx';
import { SearchFiltersForm } from './search-filters-form.tsx';
import { activeFilterCount, type SearchFilters as Filters, NO_FILTERS } from './search-url.ts';

/**
 * Where the filters live (decision 037): a card above the results from 770px
 * up; on phones a 'Filters' button that opens them in a sheet, so the
 * results keep the screen.
 */
export function SearchFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const count = activeFilterCount(filters);
  const clear = count > 0 && (
    <button type="button" className="button button--outline button--small" onClick={() => onChange(NO_FILTERS)}>
      Clear filters
    </button>
  );

  // Both are rendered and CSS shows one (styles/search.css), so the first paint is right at every width
  // and /home's script does not split the media-query hook into a chunk of its own (npm run size).
  return (
    <>
      <section className="card search-filters-card">
        <SearchFiltersForm filters={filters} onChange={onChange} />
        {clear}
      </section>
      <div className="search-filters-bar">
        <button
          type="button"
          className="button button--outline button--small"
          aria-haspopup="dialog"
          onClick={() => setIsSheetOpen(true)}
        >
          <Icon name="settings" size={16} />
          Filters{count > 0 ? ` (${count})` : ''}
        </button>
        {clear}
        {isSheetOpen && (
          <Modal title="Filters" onClose={() => setIsSheetOpen(false)}>
            <SearchFiltersForm filters={filters} onChange={onChange} />
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => setIsSheetOpen(false)}
            >
              Show results
            </button>
          </Modal>
        )}
      </div>
    </>
  );
}
