import { useEffect, useState } from 'react';
import { Icon } from '../lib/icon.tsx';
import type { MutationKind, OutboxEntry } from './local-db.ts';
import { useLocalSync } from './local-sync-context.tsx';
import { useLiveQuery } from './use-live-query.ts';

const WHAT: Record<MutationKind, string> = {
  'post.create': 'Your post',
  'comment.create': 'Your comment',
  'save.set': 'A save',
  'post.update': 'Your edit',
  'post.delete': 'A delete',
  'profile.update': 'Your profile change',
  'profile.photo': 'Your new photo',
  // Never listed: a refused chat photo leaves the outbox with an alert (dropped-change-alerts.tsx).
  'chat.photo': 'Your message',
  // Not counted as waiting (the student changed nothing); listed only if the server refused it.
  'notifications.read': 'Marking notifications read',
};

/** How long 'Back online' stays after the connection returns. */
const BACK_ONLINE_MS = 2500;
/** A connection that is up within this long after a page load or a blip is not worth a word. */
const QUIET_MS = 1500;

function FailedChange({ entry }: { entry: OutboxEntry }) {
  const { outbox, drainNow } = useLocalSync();
  return (
    <li className="sync-failed__item">
      <p>
        <strong>{WHAT[entry.kind]} wasn't sent.</strong> {entry.errors.join(' ')}
      </p>
      <div className="sync-failed__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void outbox.retry(entry.id).then(() => drainNow())}
        >
          Retry
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => void outbox.discard(entry.id)}
        >
          Discard
        </button>
      </div>
    </li>
  );
}

/**
 * The connection as the student should know it (issue 5): 'Offline' with
 * how many changes wait, 'Reconnecting…', a brief 'Back online', and any
 * change the server refused with Retry and Discard — nothing is dropped
 * without the student saying so.
 */
export function SyncStatusBar() {
  const { db, status } = useLocalSync();
  // A chat photo waits in its conversation ('Waiting for connection…'), as a chat's text messages do.
  const waiting =
    useLiveQuery(
      () =>
        db.outbox
          .filter(
            (entry) => entry.state !== 'failed' && entry.kind !== 'chat.photo' && entry.kind !== 'notifications.read',
          )
          .count(),
      [db],
    ) ?? 0;
  const failed = useLiveQuery(() => db.outbox.filter((entry) => entry.state === 'failed').toArray(), [db]) ?? [];
  // What the pill says: nothing while all is well or a (re)connection is quick.
  const [shown, setShown] = useState<'none' | 'offline' | 'reconnecting' | 'back'>('none');

  useEffect(() => {
    if (status === 'offline') {
      setShown('offline');
      return;
    }
    if (status === 'reconnecting') {
      const timer = setTimeout(() => setShown('reconnecting'), QUIET_MS);
      return () => clearTimeout(timer);
    }
    setShown((current) => (current === 'none' || current === 'back' ? current : 'back'));
    const timer = setTimeout(() => setShown('none'), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const pending = waiting > 0 ? ` · ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting` : '';
  return (
    <div className="sync-status" aria-live="polite">
      {shown === 'offline' && (
        <p className="sync-status__pill sync-status__pill--offline" role="status">
          <Icon name="wifi-off" size={16} /> Offline{pending}
        </p>
      )}
      {shown === 'reconnecting' && (
        <p className="sync-status__pill" role="status">
          <Icon name="refresh" size={16} /> Reconnecting…{pending}
        </p>
      )}
      {shown === 'back' && (
        <p className="sync-status__pill sync-status__pill--online" role="status">
          Back online
        </p>
      )}
      {failed.length > 0 && (
        <ul className="sync-failed card" aria-label="Changes not sent">
          {failed.map((entry) => (
            <FailedChange key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}
