/** What the notifications fan-out bench asks its server process (notifications-fanout-server.ts) and hears back. */
export type FanOutAsk = { type: 'seed' } | { type: 'remove'; commentId: string };

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
      databaseFile: string;
    }
  | { type: 'removed'; id: number }
  | { type: 'error'; id: number | null; message?: unknown };

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isFanOutRequest(value: unknown): value is FanOutRequest {
  return hasType(value) && 'id' in value && ['seed', 'remove'].includes(String(value.type));
}

export function isFanOutReply(value: unknown): value is FanOutReply {
  return hasType(value) && ['ready', 'seeded', 'removed', 'error'].includes(String(value.type));
}
