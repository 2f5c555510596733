/** Nine grey squares while the first page of photos loads. */
export function MediaGridSkeleton() {
  return (
    <ul className="media-grid" aria-busy="true" aria-label="Loading photos">
      {Array.from({ length: 9 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
        <li key={index} className="media-grid__item skeleton" />
      ))}
    </ul>
  );
}
