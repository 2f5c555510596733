/**
 * The load generator's own process (forked by feed.bench.ts), so the server
 * under test keeps its event loop to itself: on a 2-core machine a client in
 * the same process would share one loop with the server and halve both.
 */
import { runLoad } from './http-load.ts';
import { isRunLoadMessage, type LoadReply } from './load-protocol.ts';

function reply(message: LoadReply): void {
  process.send?.(message);
}

process.on('message', (message: unknown) => {
  if (!isRunLoadMessage(message)) {
    reply({ type: 'error', message: `unexpected message: ${JSON.stringify(message)}` });
    return;
  }
  runLoad(message.plan).then(
    (summary) => reply({ type: 'result', summary }),
    (error: unknown) => reply({ type: 'error', message: String(error) }),
  );
});

// The parent closing the IPC channel (or dying) ends the worker.
process.on('disconnect', () => process.exit(0));
