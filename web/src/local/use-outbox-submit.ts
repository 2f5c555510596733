import { useCallback, useState } from 'react';
import { useAlerts } from '../lib/alerts/alerts-context.tsx';
import { useLocalSync } from './local-sync-context.tsx';

export type SubmitOutcome = 'sent' | 'waiting' | 'refused';

/**
 * A form's submit through the outbox (issue 5): the write is stored first,
 * then the form waits for the drain that sends it. Sent: done. Still queued
 * (offline, server away): the form can close, the pending copy shows where
 * it belongs. Refused: the server's messages show as alerts, the queued copy
 * is dropped and the form keeps what the student typed, so they fix and resend.
 */
export function useOutboxSubmit() {
  const { db, outbox, drainNow } = useLocalSync();
  const { showAlert } = useAlerts();
  const [isPending, setIsPending] = useState(false);

  const submit = useCallback(
    async (enqueue: () => Promise<string>): Promise<SubmitOutcome> => {
      setIsPending(true);
      try {
        const id = await enqueue();
        await drainNow();
        const entry = await db.outbox.where('id').equals(id).first();
        if (!entry) return 'sent';
        if (entry.state !== 'failed') return 'waiting';
        for (const message of entry.errors) showAlert(message, 'danger');
        await outbox.discard(id);
        return 'refused';
      } finally {
        setIsPending(false);
      }
    },
    [db, drainNow, outbox, showAlert],
  );

  return { submit, isPending };
}
