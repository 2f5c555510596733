import { useEffect } from 'react';
import { useAlerts } from '../lib/alerts/alerts-context.tsx';
import { onDroppedChange } from './dropped-changes.ts';

/** Renders nothing: says the server's words for each change the outbox dropped (dropped-changes.ts). */
export function DroppedChangeAlerts(): null {
  const { showAlert } = useAlerts();
  useEffect(() => onDroppedChange((message) => showAlert(message, 'danger')), [showAlert]);
  return null;
}
