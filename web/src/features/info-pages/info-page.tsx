import { type ReactNode, useEffect, useId } from 'react';
import { useLocation } from 'react-router';

interface InfoPageProps {
  title: string;
  /** The 'Last updated' date of a legal page (spec 3 §2). */
  updated?: string;
  children: ReactNode;
}

/**
 * The frame every information page shares: one card, one h1, readable prose.
 * A link with a fragment (/settings/privacy#cookies) scrolls to its section
 * once the lazily loaded page is in the document; the router does not.
 */
export function InfoPage({ title, updated, children }: InfoPageProps) {
  const titleId = useId();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="card info-page" aria-labelledby={titleId}>
      <header className="info-page__header">
        <h1 id={titleId} className="info-page__title">
          {title}
        </h1>
        {updated && <p className="info-page__updated">Last updated {updated}</p>}
      </header>
      {children}
    </article>
  );
}
