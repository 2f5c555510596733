/** What the notifications fan-out bench asks its server process (notifications-fanout-server.ts) and hears back. */
/** `settle`: the server waits until no fan-out job is left, then removes the comment if asked. */
export type FanOutAsk = { type: 'seed' } | { type: 'settle'; commentId: string; remove: boolean };

export type FanOutRequest = FanOutAsk & { id: number };

export type FanOutReply =
  | { type: 'ready'; port: number }
  | {
      type: 'seeded';
      id: number;
      /** The post with 1,000 commenters, and the one whose 1,000 comments are its author's own. */
      busy: string;
      quiet: string;
      /** Sessions of students who have not commented yet, one per request. */
      tokens: string[];
      /** The fan-out job alone, ms per run. */
      direct: number[];
      /** The comment route's database work without HTTP, ms per run, in each thread. */
      handler: { busy: number[]; quiet: number[] };
      databaseFile: string;
    }
  | { type: 'settled'; id: number }
  | { type: 'error'; id: number | null; message?: unknown };

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isFanOutRequest(value: unknown): value is FanOutRequest {
  return hasType(value) && 'id' in value && ['seed', 'settle'].includes(String(value.type));
}

export function isFanOutReply(value: unknown): value is FanOutReply {
  return hasType(value) && ['ready', 'seeded', 'settled', 'error'].includes(String(value.type));
}
