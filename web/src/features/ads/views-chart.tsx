import type { AdDayViewsDto } from '@campus/shared/ad-api';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

const HALF_DAY_S = 12 * 60 * 60;
const HEIGHT = 180;

/** The chart's x (UTC midnight, in seconds) and y columns. */
function columns(days: AdDayViewsDto[]): [number[], number[]] {
  return [days.map((d) => Date.parse(`${d.day}T00:00:00.000Z`) / 1000), days.map((d) => d.views)];
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
        const bars = UPlot.paths.bars?.({ size: [0.6, 48] });
        const options: uPlot.Options = {
          width: element.clientWidth,
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: {
            x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] },
            y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.2))] },
          },
          axes: [
            { stroke: '#5f6570', grid: { show: false }, ticks: { show: false }, values: '{MMM} {D}' },
            { stroke: '#5f6570', grid: { stroke: '#e3e6ea', width: 1 }, ticks: { show: false }, size: 40 },
          ],
          series: [{}, { label: 'Views', fill: 'rgb(67 56 202 / 75%)', stroke: '#4338ca', width: 0, paths: bars }],
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
