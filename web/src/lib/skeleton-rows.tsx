/** Where the row's parts go: the list's classes, and the row's, its inner wrapper's (if any) and its text's. */
interface SkeletonRowsProps {
  label: string;
  listClassName: string;
  rowClassName: string;
  innerClassName?: string;
  bodyClassName: string;
}

/** Four grey rows (a photo, two lines) while a list's first page loads on a slow network (issue 19). */
export function SkeletonRows({ label, listClassName, rowClassName, innerClassName, bodyClassName }: SkeletonRowsProps) {
  const parts = (
    <>
      <span className="skeleton skeleton--circle" />
      <span className={bodyClassName}>
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
      </span>
    </>
  );
  return (
    <ul className={listClassName} aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className={rowClassName} aria-hidden="true">
          {innerClassName ? <span className={innerClassName}>{parts}</span> : parts}
        </li>
      ))}
    </ul>
  );
}
