import { plainTextToRichText } from '@campus/shared/rich-text';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './local-db.ts';
import { overlayOutbox } from './local-posts.ts';
import { me, post } from './post-fixtures.ts';
import { backoffDelay } from './sync-connection.ts';

function entry(patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: `m-${Math.random()}`,
    userId: 'u1',
    kind: 'save.set',
    postId: 'a',
    rootId: null,
    method: 'PUT',
    path: '/api/posts/a/save',
    body: undefined,
    files: [],
    state: 'pending',
    errors: [],
    attempts: 0,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...patch,
  };
}

describe('the outbox laid over a list of posts', () => {
  it('puts pending new posts first, newest on top, marked pending', () => {
    const shown = overlayOutbox(
      [post('a')],
      [
        entry({ id: 'n1', kind: 'post.create', postId: 'n1', body: { text: plainTextToRichText('first') } }),
        entry({ id: 'n2', kind: 'post.create', postId: 'n2', body: { text: plainTextToRichText('second') } }),
      ],
      me,
    );
    expect(shown.map((item) => [item.id, item.pending?.state])).toEqual([
      ['n2', 'pending'],
      ['n1', 'pending'],
      ['a', undefined],
    ]);
  });

  it('shows the last save and its count, hides a post being deleted, and applies an edit', () => {
    const shown = overlayOutbox(
      [post('a'), post('b'), post('c')],
      [
        entry({ postId: 'a', method: 'PUT' }),
        entry({ postId: 'a', method: 'DELETE' }),
        entry({ postId: 'a', method: 'PUT' }),
        entry({ postId: 'b', kind: 'post.delete', method: 'DELETE' }),
        entry({ postId: 'c', kind: 'post.update', method: 'PATCH', body: { isSold: true, price: 8 } }),
      ],
      me,
    );
    expect(shown.map((item) => item.id)).toEqual(['a', 'c']);
    expect(shown[0]).toMatchObject({ isSaved: true, saveCount: 3 });
    expect(shown[1]).toMatchObject({ isSold: true, price: 8, pending: { state: 'pending' } });
  });

  it('leaves a refused change out of what is shown (its error shows in the status bar)', () => {
    const shown = overlayOutbox([post('b')], [entry({ postId: 'b', kind: 'post.delete', state: 'failed' })], me);
    expect(shown.map((item) => item.id)).toEqual(['b']);
  });
});

describe('reconnect backoff', () => {
  it('doubles up to the cap, with half of each delay random', () => {
    expect(backoffDelay(0, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 30_000, () => 0.5)).toBe(3000);
    expect(backoffDelay(20, 500, 30_000, () => 1)).toBe(30_000);
  });
});
