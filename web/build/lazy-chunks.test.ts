import { describe, expect, it } from 'vitest';
import { lazyChunkName } from './lazy-chunks.ts';

const WEB = '/repo/web/src';

/** A chunking context over a hand-written import graph: module -> its static importers. */
function graph(importers: Record<string, string[]>) {
  return {
    getModuleInfo: (id: string) => (id in importers ? { isEntry: false, importers: importers[id] ?? [] } : null),
  };
}

describe('the chunk of a module only lazy screens load', () => {
  const context = graph({
    [`${WEB}/main.tsx`]: ['/repo/web/index.html'],
    [`${WEB}/app/app.tsx`]: [`${WEB}/main.tsx`],
    [`${WEB}/features/posts/post-card.tsx`]: [`${WEB}/app/app.tsx`],
    // Reached only through a dynamic import (no static importer), and in a cycle with a helper.
    [`${WEB}/features/chats/conversation-screen.tsx`]: [`${WEB}/features/chats/chat-helpers.ts`],
    [`${WEB}/features/chats/chat-helpers.ts`]: [`${WEB}/features/chats/conversation-screen.tsx`],
    [`${WEB}/lib/lazy-only.ts`]: [`${WEB}/features/chats/chat-helpers.ts`],
    '/repo/node_modules/@lexical/rich-text/index.js': [`${WEB}/features/chats/conversation-screen.tsx`],
    '/repo/node_modules/lib0/encoding.js': [`${WEB}/features/chats/chat-helpers.ts`],
    '/repo/node_modules/uplot/dist/uPlot.js': [`${WEB}/features/chats/chat-helpers.ts`],
    '/repo/node_modules/react/index.js': [`${WEB}/app/app.tsx`, `${WEB}/features/chats/conversation-screen.tsx`],
  });

  it('leaves what the entry imports statically to Rolldown, however deep', () => {
    for (const id of [`${WEB}/main.tsx`, `${WEB}/features/posts/post-card.tsx`, '/repo/node_modules/react/index.js']) {
      expect(lazyChunkName(id, context), id).toBeNull();
    }
  });

  it('groups the rest by feature folder, library family or library, and the app', () => {
    expect(lazyChunkName(`${WEB}/features/chats/conversation-screen.tsx`, context)).toBe('chats');
    expect(lazyChunkName(`${WEB}/features/chats/chat-helpers.ts`, context)).toBe('chats');
    expect(lazyChunkName(`${WEB}/lib/lazy-only.ts`, context)).toBe('app-lazy');
    expect(lazyChunkName('/repo/node_modules/@lexical/rich-text/index.js', context)).toBe('lib-lexical');
    expect(lazyChunkName('/repo/node_modules/lib0/encoding.js', context)).toBe('lib-yjs');
    expect(lazyChunkName('/repo/node_modules/uplot/dist/uPlot.js', context)).toBe('lib-uplot');
  });
});
