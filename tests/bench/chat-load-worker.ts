/**
 * One load process of the chat bench (forked by chat-load-pool.ts): holds
 * its share of the clients, both members of each of its conversations, and
 * runs the loads of chat-load-scenarios.ts on them one request at a time.
 */
import { startCpuProfile, stopCpuProfile } from './chat-cpu-profile.ts';
import { isLoadWorkerRequest, type LoadWorkerReply, type LoadWorkerRequest } from './chat-load-protocol.ts';
import { type ConnectedPairs, closeClients, connectPairs, runFlood, runSteady } from './chat-load-scenarios.ts';

let connected: ConnectedPairs | null = null;

function reply(message: LoadWorkerReply): void {
  process.send?.(message);
}

async function answer(request: LoadWorkerRequest): Promise<LoadWorkerReply> {
  switch (request.type) {
    case 'connect': {
      if (connected) await closeClients(connected.clients);
      connected = await connectPairs(request.pairs, request.totalPairs, { port: request.port, host: request.host });
      return { type: 'connected', clients: connected.clients.length, connectMs: connected.connectMs };
    }
    case 'steady':
    case 'flood': {
      if (!connected) throw new Error('no clients connected');
      if (request.profileFile) await startCpuProfile();
      const tally =
        request.type === 'steady'
          ? await runSteady(connected, request.options)
          : await runFlood(connected, request.options);
      const profile = request.profileFile ? await stopCpuProfile(request.profileFile) : null;
      return { type: 'tally', tally, profile };
    }
    case 'disconnect':
      if (connected) await closeClients(connected.clients);
      connected = null;
      return { type: 'disconnected' };
  }
}

process.on('message', (message: unknown) => {
  if (!isLoadWorkerRequest(message)) {
    reply({ type: 'error', message: `unexpected message: ${JSON.stringify(message)}` });
    return;
  }
  answer(message).then(reply, (error: unknown) => reply({ type: 'error', message: String(error) }));
});

// The parent closing the IPC channel (or dying) ends the worker and its sockets.
process.on('disconnect', () => {
  const closing = connected ? closeClients(connected.clients) : Promise.resolve();
  void closing.finally(() => process.exit(0));
});
