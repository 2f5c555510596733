/**
 * Our server in its own process (forked by chat-server-host.ts for
 * chat.bench.ts): the real server on a temporary DATA_DIR (a file database,
 * as in production), port 0 on 127.0.0.1, no demo data. Seeds the bench's
 * students, sessions and chats through its own database, so the sockets
 * then go through the whole upgrade: Origin, session, membership, campus
 * and blocks, and every update through the checks and the SQLite log.
 */
import { performance } from 'node:perf_hooks';
import { messagesOf } from '@campus/shared/chat-doc';
import { chatsWithInboxBehind } from '@campus/sync-server/chats/chat-inbox-repair';
import { loadChatLog } from '@campus/sync-server/chats/chat-update-log';
import { findOrCreateChat } from '@campus/sync-server/chats/chats.repository';
import type { RunningServer } from '@campus/sync-server/server';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { createUser } from '@campus/sync-server/test/factories';
import * as Y from 'yjs';
import { runBenchServerProcess } from './bench-server-process.ts';
import {
  type BenchPair,
  type BenchPairMember,
  type ChatServerReply,
  type ChatServerRequest,
  cpuAndLoop,
  isChatServerRequest,
  measuredMemory,
  profileStep,
} from './chat-bench-protocol.ts';
import { startSqlTiming, takeSqlTimings } from './chat-sql-timing.ts';

async function seedMember(server: RunningServer, campusId: string, firstName: string): Promise<BenchPairMember> {
  const user = await createUser(server.db, { campus_id: campusId, first_name: firstName, profile_set_up: 1 });
  const token = generateSessionToken();
  await createSession(server.db, token, user.id);
  return { userId: user.id, token };
}

async function seed(server: RunningServer, count: number, campusId: string): Promise<BenchPair[]> {
  const pairs: BenchPair[] = [];
  for (let index = 0; index < count; index++) {
    const a = await seedMember(server, campusId, 'Alex');
    const b = await seedMember(server, campusId, 'Blair');
    const { chatId } = await findOrCreateChat(server.db, campusId, a.userId, b.userId);
    pairs.push({ chatId, members: [a, b] });
  }
  return pairs;
}

async function answer(server: RunningServer, request: ChatServerRequest): Promise<ChatServerReply> {
  switch (request.type) {
    case 'seed': {
      const started = performance.now();
      const pairs = await seed(server, request.pairs, request.campusId);
      return { id: request.id, type: 'seed', pairs, ms: performance.now() - started };
    }
    case 'memory':
      return { id: request.id, type: 'memory', memory: measuredMemory() };
    case 'cpu':
      return { id: request.id, type: 'cpu', ...cpuAndLoop() };
    case 'sockets':
      return { id: request.id, type: 'sockets', count: server.chatSocketCount };
    case 'stored': {
      // Every room has stored what it received (inbox columns and notifications follow a moment later).
      await server.chatRooms.settled();
      // Counted in the stored logs themselves: each chat's doc, rebuilt as a room would load it.
      let storedMessages = 0;
      for (const { id } of await server.db.selectFrom('chats').select('id').execute()) {
        const doc = new Y.Doc();
        await loadChatLog(server.db, id, doc);
        storedMessages += messagesOf(doc).size;
        doc.destroy();
      }
      const log = await server.db
        .selectFrom('chat_updates')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      // And every chat's inbox columns were written up to its newest log row (chat-inbox-queue.ts).
      const behind = await chatsWithInboxBehind(server.db)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return {
        id: request.id,
        type: 'stored',
        storedMessages,
        logRows: Number(log.count),
        inboxBehind: Number(behind.count),
      };
    }
    case 'sql':
      return { id: request.id, type: 'sql', statements: takeSqlTimings() };
    case 'profile':
      return profileStep(request);
  }
}

if (process.env.CHAT_BENCH_SQL === '1') startSqlTiming();
runBenchServerProcess({
  dataDirPrefix: 'campus-chat-bench-',
  // The bench measures throughput: each load client sends far past a member's rate (decision 019).
  config: { chatMessageBurst: 1e9, chatMessagesPerMinute: 1e9 },
  isRequest: isChatServerRequest,
  answer,
});
