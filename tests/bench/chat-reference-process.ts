/**
 * The reference in its own process (forked by chat-server-host.ts for
 * chat.bench.ts): @y/websocket-server's setupWSConnection behind an
 * http server and a `ws` WebSocketServer, as its bin (src/server.js) runs it:
 * no auth, no validation, no persistence (YPERSISTENCE unset). The docs are
 * named by the request path, so the bench's clients use the same URL here as
 * on our server. `ws` is the server's own version (8.x), the same as ours,
 * so the two differ in what they do per message, not in the socket library.
 */
import http from 'node:http';
import { uuidv7 } from '@campus/shared/ids';
import { setupWSConnection } from '@y/websocket-server/utils';
import { WebSocketServer } from 'ws';
import {
  type BenchPair,
  type ChatServerReply,
  type ChatServerRequest,
  cpuAndLoop,
  isChatServerRequest,
  measuredMemory,
  profileStep,
} from './chat-bench-protocol.ts';

function reply(message: ChatServerReply): void {
  process.send?.(message);
}

/** Nothing to store: ids only, so clients connect as they do to ours. */
function seed(count: number): BenchPair[] {
  return Array.from({ length: count }, () => ({
    chatId: uuidv7(),
    members: [
      { userId: uuidv7(), token: 'unused' },
      { userId: uuidv7(), token: 'unused' },
    ],
  }));
}

const sockets = new WebSocketServer({ noServer: true });
sockets.on('connection', setupWSConnection);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  response.end('okay');
});
server.on('upgrade', (request, socket, head) => {
  sockets.handleUpgrade(request, socket, head, (ws) => {
    sockets.emit('connection', ws, request);
  });
});

async function answer(request: ChatServerRequest): Promise<ChatServerReply> {
  switch (request.type) {
    case 'seed':
      return { id: request.id, type: 'seed', pairs: seed(request.pairs), ms: 0 };
    case 'memory':
      return { id: request.id, type: 'memory', memory: measuredMemory() };
    case 'cpu':
      return { id: request.id, type: 'cpu', ...cpuAndLoop() };
    case 'sockets':
      return { id: request.id, type: 'sockets', count: sockets.clients.size };
    case 'stored':
      return { id: request.id, type: 'stored', storedMessages: 0, logRows: 0, inboxBehind: 0 };
    case 'sql':
      return { id: request.id, type: 'sql', statements: [] };
    case 'profile':
      return profileStep(request);
  }
}

process.on('message', (message: unknown) => {
  if (!isChatServerRequest(message)) {
    reply({ id: null, type: 'error', message: `unexpected message: ${JSON.stringify(message)}` });
    return;
  }
  answer(message).then(reply, (error: unknown) => reply({ id: message.id, type: 'error', message: String(error) }));
});
// The parent closing the IPC channel (or dying) ends the server.
process.on('disconnect', () => {
  for (const ws of sockets.clients) ws.terminate();
  server.close();
  process.exit(0);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  reply({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
