import type { ReactNode } from 'react';

/** One titled part of an information page; `id` makes it a link target (#cookies, #refunds). */
export function InfoSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="info-page__section">
      <h2 className="info-page__heading">{title}</h2>
      {children}
    </section>
  );
}
