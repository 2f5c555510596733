import { useLocalSyncIfReady } from '../../local/local-sync-context.tsx';

export type UnreadKind = 'notifications' | 'chats' | 'all';

/**
 * spec 1 §2: the unread badges of the sidebar, bottom bar and header (the
 * header's sums notifications and chats). Nothing when there is nothing unread.
 */
export function UnreadBadge({ kind }: { kind: UnreadKind }) {
  const counts = useLocalSyncIfReady()?.unread;
  if (!counts) return null; // the device's counts show once the local runtime has loaded
  const count = kind === 'all' ? counts.notifications + counts.chats : counts[kind];
  if (count <= 0) return null;
  return (
    <span className="unread-badge" data-unread={kind}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
