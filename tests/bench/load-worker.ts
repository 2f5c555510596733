/**
 * The load generator's own process (forked by feed.bench.ts), so the server
 * under test keeps its event loop to itself: on a 2-core machine a client in
 * the same process would share one loop with the server and halve both.
 */
import type http from 'node:http';
import { createLoadAgent, runLoad } from './http-load.ts';
import { isRunLoadMessage, type LoadReply } from './load-protocol.ts';

// One agent per connection count, kept between runs: a measured run reuses the warm-up's sockets.
const agents = new Map<number, http.Agent>();

function reply(message: LoadReply): void {
  process.send?.(message);
}

process.on('message', (message: unknown) => {
  if (!isRunLoadMessage(message)) {
    reply({ type: 'error', message: `unexpected message: ${JSON.stringify(message)}` });
    return;
  }
  const { plan } = message;
  let agent = agents.get(plan.connections);
  if (!agent) {
    agent = createLoadAgent(plan.connections);
    agents.set(plan.connections, agent);
  }
  runLoad(plan, agent).then(
    (summary) => reply({ type: 'result', summary }),
    (error: unknown) => reply({ type: 'error', message: String(error) }),
  );
});

// The parent closing the IPC channel (or dying) ends the worker.
process.on('disconnect', () => {
  for (const agent of agents.values()) agent.destroy();
  process.exit(0);
});
