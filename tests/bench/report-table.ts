import type { LoadSummary } from './http-load.ts';

export interface MeasuredEndpoint {
  name: string;
  connections: number;
  summary: LoadSummary;
  /** Server process CPU over the run, % of one core. */
  serverCpuPercent: number;
  /** Server event-loop utilisation over the run, 0–1. */
  serverEventLoop: number;
}

const COLUMNS = [
  'endpoint',
  'conns',
  'requests',
  'rps',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
  'server CPU',
  'server loop',
  'load-gen CPU',
];

function cells(row: MeasuredEndpoint): string[] {
  const { summary } = row;
  return [
    row.name,
    String(row.connections),
    String(summary.requests),
    summary.rps.toFixed(0),
    summary.p50Ms.toFixed(2),
    summary.p95Ms.toFixed(2),
    summary.p99Ms.toFixed(2),
    summary.maxMs.toFixed(2),
    `${row.serverCpuPercent.toFixed(0)}%`,
    `${(row.serverEventLoop * 100).toFixed(0)}%`,
    `${summary.cpuPercent.toFixed(0)}%`,
  ];
}

/** A plain-text table, first column left-aligned, numbers right-aligned. */
export function formatTable(rows: MeasuredEndpoint[]): string {
  const lines = [COLUMNS, ...rows.map(cells)];
  const widths = COLUMNS.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  return lines
    .map((line) =>
      line
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  '),
    )
    .join('\n');
}
