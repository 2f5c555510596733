import type { LoadPlan, LoadSummary } from './http-load.ts';

/** Messages between feed.bench.ts and the load worker it forks (node IPC). */
export interface RunLoadMessage {
  type: 'run';
  plan: LoadPlan;
}

export type LoadReply = { type: 'result'; summary: LoadSummary } | { type: 'error'; message: string };

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isRunLoadMessage(value: unknown): value is RunLoadMessage {
  return hasType(value) && value.type === 'run' && 'plan' in value;
}

export function isLoadReply(value: unknown): value is LoadReply {
  return hasType(value) && (value.type === 'result' || value.type === 'error');
}
