/** What Rolldown's chunking context tells about a module (the part this file reads). */
interface ChunkingContext {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/** Libraries that only ever load together, one chunk each instead of one per package. */
const LIBRARY_FAMILIES: readonly (readonly [string, RegExp])[] = [
  ['lexical', /^(?:@lexical\/.+|lexical)$/],
  ['yjs', /^(?:yjs|lib0|y-.+)$/],
];

const FEATURE = /\/web\/src\/features\/([^/]+)\//;
const PACKAGE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;

/**
 * The chunk a module that only lazy screens load goes into (decision 052): one per feature folder,
 * one per library (or family of libraries), one for the rest of the app; `null` (Rolldown's own
 * chunking) for a module /home's entry imports statically, so the first screen's JavaScript is
 * untouched. Left alone, Rolldown made 117 files, most of them a screen or hook of 1–5 KB: each is
 * one more request in the service worker's install (its precache fetches them all), and on a
 * campus Wi-Fi that drops, one more chance for the install to fail and start over.
 */
export function lazyChunkName(moduleId: string, context: ChunkingContext): string | null {
  if (isLoadedByEntry(moduleId, context)) return null;
  const feature = FEATURE.exec(moduleId);
  if (feature) return feature[1] ?? null;
  const library = PACKAGE.exec(moduleId)?.[1];
  if (library) {
    const family = LIBRARY_FAMILIES.find(([, test]) => test.test(library))?.[0];
    return `lib-${family ?? library.replace('@', '').replace('/', '-')}`;
  }
  return 'app-lazy';
}

const loadedByEntry = new Map<string, boolean>();

/**
 * True when a chain of static imports leads from an entry (index.html) to the module. It reads the
 * import graph before tree-shaking, so a module only reached through a feature's index.ts may count
 * as loaded by the entry when it is not: it is then left to Rolldown, never moved wrongly.
 */
function isLoadedByEntry(moduleId: string, context: ChunkingContext): boolean {
  let loaded = loadedByEntry.get(moduleId);
  if (loaded === undefined) {
    loaded = reachesEntry(moduleId, context, new Set());
    loadedByEntry.set(moduleId, loaded);
  }
  return loaded;
}

/** A depth-first walk up the importers; a "no" inside it only means "not through this path". */
function reachesEntry(moduleId: string, context: ChunkingContext, visited: Set<string>): boolean {
  if (loadedByEntry.get(moduleId) === true) return true;
  if (visited.has(moduleId)) return false;
  visited.add(moduleId);
  const info = context.getModuleInfo(moduleId);
  if (info === null) return false;
  return (
    info.isEntry ||
    info.importers.some((importer) => importer.endsWith('.html') || reachesEntry(importer, context, visited))
  );
}
