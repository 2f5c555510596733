import { describe, expect, it } from 'vitest';
import { type PendingChatOutcome, sendPendingChats } from './send-pending-chats.ts';

/** A pass whose chats answer as scripted; it records which it synced. */
function pass(
  outcomes: Record<string, PendingChatOutcome>,
  { open = [] as string[], refused = new Set<string>(), isOnline = (): boolean => true } = {},
) {
  const synced: string[] = [];
  const run = () =>
    sendPendingChats({
      pendingChatIds: () => Object.keys(outcomes),
      isChatOpen: (chatId) => open.includes(chatId),
      isOnline,
      syncChat: async (chatId) => {
        synced.push(chatId);
        return outcomes[chatId] ?? 'sent';
      },
      refused,
    });
  return { synced, refused, run };
}

describe('one pass of the app-wide chat sender', () => {
  it('syncs every chat with pending messages, one after the other, and answers drained', async () => {
    const sender = pass({ a: 'sent', b: 'sent' });
    expect(await sender.run()).toBe('drained');
    expect(sender.synced).toEqual(['a', 'b']);
  });

  it('leaves a conversation open in this tab to its own engine', async () => {
    const sender = pass({ a: 'sent', b: 'sent' }, { open: ['a'] });
    expect(await sender.run()).toBe('drained');
    expect(sender.synced).toEqual(['b']);
  });

  it('tries the other chats after one fails, then asks for a backoff', async () => {
    const sender = pass({ a: 'failed', b: 'sent' });
    expect(await sender.run()).toBe('later');
    expect(sender.synced).toEqual(['a', 'b']);
  });

  it('never asks again about a chat the server refused (no loop on 4403/4404)', async () => {
    const sender = pass({ a: 'refused', b: 'sent' });
    expect(await sender.run()).toBe('drained');
    expect(await sender.run()).toBe('drained');
    expect(sender.synced).toEqual(['a', 'b', 'b']);
    expect([...sender.refused]).toEqual(['a']);
  });

  it('stops at a session the server ended (4401) and waits for the next trigger, with no backoff loop', async () => {
    const sender = pass({ a: 'sessionEnded', b: 'sent' });
    expect(await sender.run()).toBe('offline');
    expect(sender.synced).toEqual(['a']);
    expect(sender.refused.size).toBe(0);
  });

  it('does nothing with no network', async () => {
    const sender = pass({ a: 'sent' }, { isOnline: () => false });
    expect(await sender.run()).toBe('offline');
    expect(sender.synced).toEqual([]);
  });
});
