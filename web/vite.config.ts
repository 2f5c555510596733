import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazyChunkName } from './build/lazy-chunks.ts';
import { precompressAssets } from './build/precompress.ts';

const serverOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * V8's explicit compile hint (Chrome 136+) on the chunks the entry imports statically (React DOM and the
 * shell, React Router, the shared app modules): their functions are compiled while each file streams in,
 * off the main thread, instead of one at a time on the main thread as the first render calls them
 * (decision 050). The comment must open the file, so it is added last, after minification and Vite's
 * preload map; lazy chunks are left to V8's lazy compilation.
 */
function compileHintsForFirstRender(): Plugin {
  return {
    name: 'campus:compile-hints-for-first-render',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        if (entry?.type !== 'chunk') return;
        for (const fileName of [entry.fileName, ...entry.imports]) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    compileHintsForFirstRender(),
    precompressAssets(),
    VitePWA({
      // Our own worker (sw/src/sw.ts) so every caching rule is written and commented in one place.
      strategies: 'injectManifest',
      srcDir: '../sw/src',
      filename: 'sw.ts',
      // Registration is done by features/pwa with the update prompt.
      injectRegister: false,
      // The manifest differs per campus, so the server renders it (sync-server/src/brand).
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
      },
    }),
  ],
  build: {
    target: 'es2022',
    // No source maps in production: none emitted, none referenced (decision 021).
    sourcemap: false,
    rolldownOptions: {
      // A feature's index.ts (its public entry, decision 029) holds only named re-exports. Marked free of
      // side effects, a chunk that imports one name through it depends on that name's module alone; left
      // alone, Rolldown chunks by every module the entry re-exports, which put the post editor (74 KB
      // gzipped) into the chat screen's chunk and split /home's entry into eleven chunks (+3 KB).
      treeshake: {
        moduleSideEffects: (id: string) => (/\/web\/src\/features\/[^/]+\/index\.ts$/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Screens, hooks and libraries only lazy routes load, a chunk per feature or library
              // (web/build/lazy-chunks.ts, decision 052). Their imports stay where Rolldown puts them.
              name: lazyChunkName,
              includeDependenciesRecursively: false,
              priority: -1,
            },
            {
              // Small app modules the entry shares with lazy routes. Left alone, Rolldown gives each its
              // own chunk (six of 0.1–1.4 KB gzipped, each a request and its own gzip window); as one
              // chunk they cost 0.8 KB less on /home (decision 015, `npm run size`). Vite's preload helper
              // joins them: when a lazy chunk (the About tab's Share Group) reaches the entry's share hook,
              // Rolldown otherwise splits the helper into a chunk of its own, 0.3 KB more (decision 027).
              name: 'entry-shared',
              test: /\/(web\/src\/(lib\/(api-client|modal|icon)|app\/session\/session-context|app\/campus\/campus-context|local\/backoff)|shared\/src\/(sync-api|chat-api))\.tsx?$|vite\/preload-helper/,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: the API, media and per-campus brand files come from the sync server.
    proxy: Object.fromEntries(
      ['/api', '/media', '/brand', '/manifest.webmanifest', '/dev'].map((prefix) => [
        prefix,
        { target: serverOrigin, changeOrigin: false },
      ]),
    ),
  },
});
