/** Figures and plain-text tables for the sync benches. */
import os from 'node:os';

/** Nearest-rank percentile (p in 0–100) of unsorted values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export function ms(value: number, digits = 1): string {
  return Number.isNaN(value) ? '–' : value.toFixed(digits);
}

/** A plain-text table, first column left-aligned, the rest right-aligned. */
export function formatRows(columns: string[], rows: string[][]): string {
  const lines = [columns, ...rows];
  const widths = columns.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  return lines
    .map((line) =>
      line
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function verdict(isMet: boolean): string {
  return isMet ? 'PASS' : 'MISS';
}

/** The 1-minute load average beside the core count: a busy shared machine slows every figure. */
export function machineLoad(): string {
  return `load average ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.availableParallelism()} cores`;
}
