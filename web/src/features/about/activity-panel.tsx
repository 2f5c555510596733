import type { ActivityCounts } from './use-campus-about.ts';

const FORMAT = new Intl.NumberFormat('en-US');

/** spec 2 §2 About tab activity counts: members, new this week, posts this week and month. */
export function ActivityPanel({ counts }: { counts: ActivityCounts | null }) {
  const rows: [string, number | undefined][] = [
    ['Members', counts?.memberCount],
    ['New members in the last 7 days', counts?.newMembersWeek],
    ['Posts in the last 7 days', counts?.postsWeek],
    ['Posts in the last month', counts?.postsMonth],
  ];
  return (
    <section className="card about-panel" aria-labelledby="about-activity-title" aria-busy={counts === null}>
      <h2 id="about-activity-title" className="about-panel__title">
        Activity
      </h2>
      <dl className="activity-grid">
        {rows.map(([label, value]) => (
          <div key={label} className="activity-grid__item">
            <dt className="activity-grid__label">{label}</dt>
            <dd className="activity-grid__value">{value === undefined ? '–' : FORMAT.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
