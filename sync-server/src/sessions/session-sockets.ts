import { SESSION_ENDED_CLOSE } from '@campus/shared/sync-api';
import type { Db } from '../db/database.ts';

/** Stops one socket for good: closes it with 4401 and handles nothing more it sends. */
export type EndSocket = (code: number, reason: string) => void;

interface TrackedSession {
  /** Changes when the session is handed over to a fresh one (a password change on this device). */
  sessionId: string;
  userId: string;
  sockets: Set<EndSocket>;
}

export type SessionSockets = ReturnType<typeof createSessionSockets>;

/** Session ids are checked against the database this many at a time (SQLite's variable limit is far above). */
const SWEEP_CHUNK = 500;

/**
 * Every open socket (chat and /api/sync) by the session that opened it
 * (issue 18, decision 020). A session ends here, never by deleting its row
 * alone: the row goes, then each of its sockets is closed with 4401
 * 'Session ended', so nothing more is stored from it or sent to it.
 *
 * An upgrade reads the session before its socket is tracked; an ending in
 * between would miss the socket. So an upgrade takes `mark()` before it
 * reads the session, and `track` checks the session again when any session
 * ended since.
 */
export function createSessionSockets(db: Db) {
  const sessions = new Map<string, TrackedSession>();
  let endings = 0;

  function closeSession(sessionId: string) {
    const tracked = sessions.get(sessionId);
    if (!tracked) return;
    sessions.delete(sessionId);
    for (const end of tracked.sockets) end(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
  }

  async function isLive(sessionId: string, now = Date.now()): Promise<boolean> {
    const row = await db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirst();
    return row !== undefined && row.expires_at > now;
  }

  return {
    /** Taken before an upgrade reads its session; handed to `track`. */
    mark(): number {
      return endings;
    },
    /**
     * Tracks a socket of `session` until the answered function is called (on
     * close). `end` runs at once if the session ended while the socket opened.
     */
    track(session: { sessionId: string; userId: string }, mark: number, end: EndSocket): () => void {
      let tracked = sessions.get(session.sessionId);
      if (!tracked) {
        tracked = { sessionId: session.sessionId, userId: session.userId, sockets: new Set() };
        sessions.set(session.sessionId, tracked);
      }
      tracked.sockets.add(end);
      if (mark !== endings) {
        void isLive(session.sessionId).then((live) => {
          if (!live) closeSession(session.sessionId);
        });
      }
      const owner = tracked;
      return () => {
        owner.sockets.delete(end);
        if (owner.sockets.size === 0 && sessions.get(owner.sessionId) === owner) sessions.delete(owner.sessionId);
      };
    },
    /** Logout: the session's row goes, then its sockets. */
    async endSession(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
      endings += 1;
      closeSession(sessionId);
    },
    /**
     * A password change on this device: its session is replaced by `to` (a
     * fresh cookie, so a copy of the old one is worth nothing), and the
     * sockets it has open carry on as sockets of the new one.
     */
    async handOver(from: string, to: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', from).execute();
      endings += 1;
      const tracked = sessions.get(from);
      if (!tracked) return;
      sessions.delete(from);
      tracked.sessionId = to;
      sessions.set(to, tracked);
    },
    /**
     * A password change (`except` the session that changed it), a reset or a
     * ban: every other session of the user ends, on every device.
     */
    async endUserSessions(userId: string, options: { except?: string | null } = {}): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (options.except) query = query.where('id', '!=', options.except);
      await query.execute();
      endings += 1;
      for (const [sessionId, tracked] of [...sessions]) {
        if (tracked.userId === userId && sessionId !== options.except) closeSession(sessionId);
      }
    },
    /**
     * Closes the sockets of sessions that expired (or were deleted behind the
     * server's back) since they opened; server.ts runs it with housekeeping.
     * Answers how many sessions it ended.
     */
    async sweep(now = Date.now()): Promise<number> {
      const ids = [...sessions.keys()];
      let ended = 0;
      for (let start = 0; start < ids.length; start += SWEEP_CHUNK) {
        const chunk = ids.slice(start, start + SWEEP_CHUNK);
        const live = await db
          .selectFrom('sessions')
          .select('id')
          .where('id', 'in', chunk)
          .where('expires_at', '>', now)
          .execute();
        const liveIds = new Set(live.map((row) => row.id));
        for (const id of chunk) {
          if (liveIds.has(id)) continue;
          closeSession(id);
          ended += 1;
        }
      }
      return ended;
    },
  };
}

/**
 * spec 1 §5 bans: the list is read at start-up, so at start-up every session
 * of a banned e-mail ends (its sign-ins are already refused); no socket is
 * open yet. Answers how many sessions it ended.
 */
export async function endBannedSessions(db: Db, bannedEmails: ReadonlySet<string>): Promise<number> {
  if (bannedEmails.size === 0) return 0;
  const emails = [...bannedEmails];
  let ended = 0;
  for (let start = 0; start < emails.length; start += SWEEP_CHUNK) {
    const chunk = emails.slice(start, start + SWEEP_CHUNK);
    const result = await db
      .deleteFrom('sessions')
      .where('user_id', 'in', (users) =>
        users
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['email'])]), 'in', chunk)),
      )
      .executeTakeFirst();
    ended += Number(result.numDeletedRows);
  }
  return ended;
}
