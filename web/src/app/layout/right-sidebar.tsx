import { AboutGroupCard } from '../../features/campus/about-group-card.tsx';
import { ContactUsCard } from '../../features/campus/contact-us-card.tsx';
import { useCampus } from '../campus/campus-context.tsx';
import { Footer } from './footer.tsx';

/** Shown above 1170px (spec 1 §2): the campus card, or 'Contact Us' on the generic site. */
export function RightSidebar() {
  const campus = useCampus();
  return (
    <aside className="right-sidebar" aria-label="About this campus">
      {campus.isGeneric ? <ContactUsCard /> : <AboutGroupCard />}
      <Footer />
    </aside>
  );
}
