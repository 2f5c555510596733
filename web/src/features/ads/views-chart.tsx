import type { AdDayViewsDto } from '@campus/shared/ad-api';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

const HEIGHT = 180;
/** At most this many day labels under the bars; the others are skipped evenly. */
const MAX_LABELS = 7;

/** The chart's x (the day's index) and y (its views) columns. */
function columns(days: AdDayViewsDto[]): [number[], number[]] {
  return [days.map((_d, index) => index), days.map((d) => d.views)];
}

/** 'Dec 1' for the UTC day 2026-12-01. */
function dayLabel(day: string | undefined): string {
  if (!day) return '';
  return new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Views per UTC day as bars (decision 046). uPlot and its stylesheet are
 * loaded here only, by dynamic import: /home's entry never carries them.
 */
export function ViewsChart({ days }: { days: AdDayViewsDto[] }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [failed, setFailed] = useState(false);
  const hasDays = days.length > 0;
  // The chart is made once per screen with the figures of that moment; new ones go through setData.
  const latest = useRef(days);
  latest.current = days;

  useEffect(() => {
    if (!hasDays) return;
    let isCurrent = true;
    let observer: ResizeObserver | undefined;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        const element = box.current;
        if (!isCurrent || !element) return;
        const brand = getComputedStyle(element).getPropertyValue('--brand').trim() || '#4338ca';
        const muted = getComputedStyle(element).getPropertyValue('--ink-muted').trim() || '#5f6570';
        const line = getComputedStyle(element).getPropertyValue('--line').trim() || '#e3e6ea';
        const options: uPlot.Options = {
          width: element.clientWidth,
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: {
            x: { time: false, range: (u) => [-0.5, Math.max(0, (u.data[0]?.length ?? 1) - 0.5)] },
            y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.2))] },
          },
          axes: [
            {
              stroke: muted,
              grid: { show: false },
              ticks: { show: false },
              splits: (u) => {
                const count = u.data[0]?.length ?? 0;
                const step = Math.max(1, Math.ceil(count / MAX_LABELS));
                return Array.from({ length: Math.ceil(count / step) }, (_v, i) => i * step);
              },
              values: (_u, splits) => splits.map((index) => dayLabel(latest.current[index]?.day)),
            },
            { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { show: false }, size: 40 },
          ],
          series: [
            {},
            {
              label: 'Views',
              fill: brand,
              stroke: brand,
              width: 0,
              points: { show: false },
              paths: UPlot.paths.bars?.({ size: [0.6, 48], radius: 0.15 }),
            },
          ],
        };
        plot.current = new UPlot(options, columns(latest.current), element);
        observer = new ResizeObserver(() => plot.current?.setSize({ width: element.clientWidth, height: HEIGHT }));
        observer.observe(element);
      })
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
      observer?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [hasDays]);

  useEffect(() => {
    plot.current?.setData(columns(days));
  }, [days]);

  if (!hasDays) return <p className="ad-chart__empty">No views to show yet.</p>;
  if (failed) return <p className="ad-chart__empty">The chart could not be loaded.</p>;
  const total = days.reduce((sum, d) => sum + d.views, 0);
  return (
    <div
      ref={box}
      className="ad-chart__plot"
      role="img"
      aria-label={`Views per day: ${days.map((d) => `${d.day} ${d.views}`).join(', ')} (${total} in all)`}
    />
  );
}
