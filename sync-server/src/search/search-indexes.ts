import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { CampusIndex } from './campus-index.ts';
import {
  dropPeopleLogUpTo,
  readLogHeads,
  readLogsAfter,
  readPeople,
  readPeoplePage,
  readPostDocumentPage,
  readPostDocuments,
  readPostIdsOfAuthors,
} from './search-documents.repository.ts';

/** Rows read per step of a build; the event loop runs between steps, so requests go on meanwhile. */
const BUILD_CHUNK = 500;

export interface SearchIndexSettings {
  /**
   * The newest posts a campus's index holds: its memory bound. Older posts
   * are not found; past 10% over, the campus is rebuilt with the newest.
   */
  maxPostsPerCampus: number;
}

export interface SearchIndexes {
  /** The campus's index, built on first use and brought up to date with every write committed so far. */
  forCampus(campusId: string): Promise<CampusIndex>;
  /** A write happened: apply it soon (writes also apply before any search). */
  poke(): void;
  /** Builds these campuses' indexes in the background (server start). */
  warm(campusIds: readonly string[]): Promise<void>;
  /** Resolves when every queued step has run (tests). */
  idle(): Promise<void>;
  /** Stops the warm-up and resolves once the running step ends (shutdown, before the database closes). */
  close(): Promise<void>;
}

/**
 * The server's search indexes, one per campus, in this process's memory
 * (DESIGN.md: "rebuilt from SQLite at start"; decision 035). They follow the
 * `changes` log for posts and `search_user_changes` for people, both written by
 * triggers in the write's own transaction, so every write path (post create,
 * edit, sold mark, delete, a profile edit, joining a school) reaches them
 * without the route knowing. Builds and catch-ups run one at a time in one
 * queue: a search waits for its campus's build, never sees a half-applied change.
 */
export function createSearchIndexes(db: Db, logger: Logger, settings: SearchIndexSettings): SearchIndexes {
  const indexes = new Map<string, CampusIndex>();
  let postSeq = -1;
  let peopleSeq = -1;
  let isPoked = false;
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  function enqueue<Result>(step: () => Promise<Result>): Promise<Result> {
    const run = queue.then(step);
    queue = run.catch((error: unknown) => {
      logger.error('search index step failed', { error: error instanceof Error ? error.message : String(error) });
    });
    return run;
  }

  async function startFollowing() {
    if (postSeq >= 0) return;
    const heads = await readLogHeads(db);
    postSeq = heads.posts;
    peopleSeq = heads.people;
  }

  async function build(campusId: string): Promise<CampusIndex> {
    await startFollowing();
    const startedAt = performance.now();
    const index = new CampusIndex();
    let before: number | null = null;
    do {
      const limit = Math.min(BUILD_CHUNK, settings.maxPostsPerCampus - index.posts.documentCount);
      if (limit <= 0) break;
      const page = await readPostDocumentPage(db, campusId, before, limit);
      index.posts.addAll(page.documents);
      before = page.next;
      await nextTurn();
    } while (before !== null);
    index.posts.markBuilt();
    let afterPerson: string | null = null;
    do {
      const page = await readPeoplePage(db, campusId, afterPerson, BUILD_CHUNK);
      index.people.addAll(page.documents);
      afterPerson = page.next;
      await nextTurn();
    } while (afterPerson);
    indexes.set(campusId, index);
    logger.info('search index built', {
      campusId,
      posts: index.posts.documentCount,
      people: index.people.documentCount,
      ms: Math.round(performance.now() - startedAt),
    });
    return index;
  }

  async function catchUp(): Promise<void> {
    isPoked = false;
    await startFollowing();
    const logs = await readLogsAfter(db, postSeq, peopleSeq);
    if (logs.isPostLogCut) {
      // The log lost rows this index never read: start again from SQLite.
      const campusIds = [...indexes.keys()];
      indexes.clear();
      postSeq = logs.heads.posts;
      peopleSeq = logs.heads.people;
      for (const campusId of campusIds) await build(campusId);
      return;
    }
    const authorPostIds = await readPostIdsOfAuthors(db, logs.userIds);
    await applyPosts([...new Set([...logs.postIds, ...authorPostIds])]);
    await applyPeople(logs.userIds);
    postSeq = logs.heads.posts;
    peopleSeq = logs.heads.people;
    if (logs.userIds.length > 0) await dropPeopleLogUpTo(db, peopleSeq);
    for (const [campusId, index] of indexes) {
      const isOverCap = index.posts.documentCount > settings.maxPostsPerCampus * 1.1;
      // Posts added live are walked in full on every search: past 10% (at least 1,000), a rebuild orders them.
      const hasManyLive = index.posts.liveAddedCount > Math.max(1_000, index.posts.documentCount * 0.1);
      if (isOverCap || hasManyLive) await build(campusId);
    }
  }

  async function applyPosts(ids: string[]) {
    if (ids.length === 0 || indexes.size === 0) return;
    const current = new Map((await readPostDocuments(db, ids)).map((row) => [row.document.id, row]));
    for (const id of ids) {
      const row = current.get(id);
      // Deleted, turned into something else, or moved: out of every index but its own.
      for (const [campusId, index] of indexes) {
        if (row?.campusId === campusId) index.putPost(row.document);
        else index.removePost(id);
      }
    }
  }

  async function applyPeople(ids: string[]) {
    if (ids.length === 0 || indexes.size === 0) return;
    const current = new Map((await readPeople(db, ids)).map((row) => [row.document.id, row]));
    for (const id of ids) {
      const row = current.get(id);
      for (const [campusId, index] of indexes) {
        if (row?.campusId === campusId) index.putPerson(row.document);
        else index.removePerson(id);
      }
    }
  }

  return {
    forCampus(campusId) {
      return enqueue(async () => {
        await catchUp();
        return indexes.get(campusId) ?? (await build(campusId));
      });
    },
    poke() {
      if (isPoked || indexes.size === 0) return;
      isPoked = true;
      void enqueue(catchUp);
    },
    async warm(campusIds) {
      for (const campusId of campusIds) {
        if (isClosed) return;
        await enqueue(async () => {
          if (!indexes.has(campusId)) await build(campusId);
        });
      }
    },
    idle() {
      return queue.then(() => undefined);
    },
    close() {
      isClosed = true;
      return queue.then(() => undefined);
    },
  };
}
