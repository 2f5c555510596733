/**
 * The stand-in push service in a process of its own, for push-fanout.bench.ts:
 * decrypting 1,000 pushes costs CPU that must not sit on the bench client's
 * event loop while it times the comment request. It answers the parent's IPC
 * messages: `subscribe` (a new device for a VAPID key) and `count` (pushes
 * received and refused so far). The parent disconnecting ends it.
 */
import { startPushService } from '../support/push-service/push-service.ts';

export type PushServiceRequest = { id: number; op: 'subscribe'; key: string } | { id: number; op: 'count' };

const service = await startPushService();
process.on('message', (message: PushServiceRequest) => {
  if (message.op === 'subscribe') process.send?.({ id: message.id, subscription: service.subscribe(message.key) });
  else
    process.send?.({
      id: message.id,
      received: service.received.length,
      refused: service.refused.length,
      firstRefusal: service.refused[0]?.reason ?? null,
    });
});
process.on('disconnect', () => {
  void service.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', certFile: service.certFile });
