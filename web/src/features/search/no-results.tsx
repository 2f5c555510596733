/** spec 2 §2: a search that finds nothing names what it looked for, and offers a way on. */
export function NoResults({ title }: { title: string }) {
  return (
    <section className="card empty-state">
      <h2 className="empty-state__title">{title}</h2>
      <p className="empty-state__text">{TRY_ELSE}</p>
    </section>
  );
}

export const TRY_ELSE = 'Try searching for something else';

/** The words of each tab's empty result (decision 037). */
export const NO_RESULTS = {
  latest: (q: string) => `No results for "${q}"`,
  media: (q: string) => `No photos or videos for "${q}"`,
  people: (q: string) => `No one found for "${q}"`,
};
