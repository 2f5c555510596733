/** Messages between the sync benches and the server process they fork (sync-server-process.ts, node IPC). */

/** What the server's database holds for one user: the outbox bench checks it after a flush. */
export interface UserCensus {
  /** Top-level posts by the user. */
  posts: number;
  /** Comments by the user, and how many of them hang under one of the user's own posts. */
  comments: number;
  commentsOnOwnPosts: number;
  /** comment_count over the user's posts: the smallest, the largest and the sum. */
  commentCountMin: number;
  commentCountMax: number;
  commentCountSum: number;
  /** Posts the user has saved, and save_count summed over the user's posts. */
  savedPostIds: string[];
  saveCountSum: number;
  /** Idempotency receipts of the user, by state. */
  receiptsDone: number;
  receiptsPending: number;
}

export type SyncServerRequest =
  | { id: number; type: 'member'; campusId: string }
  | { id: number; type: 'census'; userId: string }
  | { id: number; type: 'socketCount' }
  | { id: number; type: 'cpu' };

export type SyncServerReply =
  | { type: 'ready'; port: number }
  | { id: number; type: 'member'; userId: string; token: string }
  | { id: number; type: 'census'; census: UserCensus }
  | { id: number; type: 'socketCount'; count: number }
  /** The server process's CPU time so far (user + system), in ms. */
  | { id: number; type: 'cpu'; ms: number }
  | { id: number | null; type: 'error'; message: string };

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isSyncServerRequest(value: unknown): value is SyncServerRequest {
  return hasType(value) && 'id' in value && ['member', 'census', 'socketCount', 'cpu'].includes(String(value.type));
}

export function isSyncServerReply(value: unknown): value is SyncServerReply {
  return hasType(value) && ['ready', 'member', 'census', 'socketCount', 'cpu', 'error'].includes(String(value.type));
}
