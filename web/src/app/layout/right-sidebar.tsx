import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { AboutGroupCard } from '../../features/campus/about-group-card.tsx';
import { ContactUsCard } from '../../features/campus/contact-us-card.tsx';
import { useCampus } from '../campus/campus-context.tsx';
import { Footer } from './footer.tsx';

// Only /search has it: loaded there, so /home's script does not carry it (npm run size).
const SearchFiltersWidget = lazy(() =>
  import('../../features/search/search-filters-widget.tsx').then((module) => ({ default: module.SearchFiltersWidget })),
);

/** Shown above 1170px (spec 1 §2): the campus card, or 'Contact Us' on the generic site; on /search, its filters widget first. */
export function RightSidebar() {
  const campus = useCampus();
  const isSearch = useLocation().pathname === '/search';
  return (
    <aside className="right-sidebar" aria-label="About this campus">
      {isSearch && (
        <Suspense fallback={null}>
          <SearchFiltersWidget />
        </Suspense>
      )}
      {campus.isGeneric ? <ContactUsCard /> : <AboutGroupCard />}
      <Footer />
    </aside>
  );
}
