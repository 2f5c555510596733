import type { PendingMark as Mark } from './local-posts.ts';

/**
 * 'Waiting for connection…' until the outbox sends it, 'Sending…' while it
 * does, or why it failed. Renders nothing for what the server already has.
 */
export function PendingMark({ mark }: { mark: Mark | undefined }) {
  if (!mark) return null;
  if (mark.state === 'failed') {
    return (
      <span className="pending-mark pending-mark--failed" role="status">
        Not sent: {mark.errors.join(' ')}
      </span>
    );
  }
  return (
    <span className={`pending-mark${mark.state === 'sending' ? ' pending-mark--sending' : ''}`} role="status">
      {mark.state === 'sending' ? 'Sending…' : 'Waiting for connection…'}
    </span>
  );
}
