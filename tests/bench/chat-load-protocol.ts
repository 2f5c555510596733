/** Messages between chat.bench.ts and its load processes (chat-load-worker.ts), over node IPC. */
import type { ProfileSummary } from './chat-cpu-profile.ts';
import type { FloodOptions, IndexedPair, LoadTally, SteadyOptions } from './chat-load-scenarios.ts';

export type LoadWorkerRequest =
  | { type: 'connect'; pairs: IndexedPair[]; totalPairs: number; port: number; host: string }
  /** `profileFile`: the worker profiles itself over the window and writes the profile there. */
  | { type: 'steady'; options: SteadyOptions; profileFile: string | null }
  | { type: 'flood'; options: FloodOptions; profileFile: string | null }
  | { type: 'disconnect' };

export type LoadWorkerReply =
  | { type: 'connected'; clients: number; connectMs: number }
  | { type: 'tally'; tally: LoadTally; profile: ProfileSummary | null }
  | { type: 'disconnected' }
  | { type: 'error'; message: string };

const REQUEST_TYPES = ['connect', 'steady', 'flood', 'disconnect'];
const REPLY_TYPES = ['connected', 'tally', 'disconnected', 'error'];

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isLoadWorkerRequest(value: unknown): value is LoadWorkerRequest {
  return hasType(value) && REQUEST_TYPES.includes(String(value.type));
}

export function isLoadWorkerReply(value: unknown): value is LoadWorkerReply {
  return hasType(value) && REPLY_TYPES.includes(String(value.type));
}
