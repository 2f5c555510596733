/**
 * Import rules for the whole repository (decision 030). Every rule is written with path
 * patterns, never with file lists, so moving and adding files needs no change here.
 *
 * `npm run imports` checks them, ignoring the violations listed in
 * `.dependency-cruiser-known-violations.json` (the baseline); a new violation fails
 * `npm run check`. `npm run imports:shrink` drops the baseline entries that are fixed.
 */

/** Test files, test helpers and config files: they may reach across for fixtures. */
const TEST_FILE = '\\.test\\.tsx?$|\\.test-helpers?\\.tsx?$|/test/';

/** A forbidden import: from modules matching `from` to modules matching `to`. */
function forbid(name, comment, from, to) {
  return { name, severity: 'error', comment, from, to };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'no-server-cycles',
      'The sync server has no import cycles (issue 20): split the shared part into its own module.',
      { path: '^sync-server/src/' },
      { circular: true },
    ),
    forbid(
      'no-web-cycles',
      'The web app, the worker and shared have no import cycles either.',
      { path: '^(web|shared|sw)/src/' },
      { circular: true },
    ),
    forbid(
      'feature-through-its-index',
      'A web feature imports another feature only through its public entry (features/<name>/index.ts), decision 029.',
      { path: '^web/src/features/([^/]+)/' },
      {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    ),
    forbid(
      'local-not-features',
      'web/src/local is the device side that features use like lib/: it never imports a feature.',
      { path: '^web/src/local/' },
      { path: '^web/src/features/' },
    ),
    forbid(
      'lib-not-features-or-app',
      'web/src/lib is below features and app (imports flow lib → features → app).',
      { path: '^web/src/lib/' },
      { path: '^web/src/(features|app)/' },
    ),
    forbid(
      'shared-imports-no-app',
      'shared/ is the contract: it imports nothing from web, the server, the worker, migrations or tests.',
      { path: '^shared/' },
      { path: '^(web|sync-server|sw|migrations|tests)/' },
    ),
    forbid(
      'migrations-frozen',
      'Migrations are frozen: they never import app code.',
      { path: '^migrations/' },
      { path: '^(web|sync-server|shared|sw|tests)/' },
    ),
    forbid(
      'web-not-server',
      'The browser code shares with the server only through shared/.',
      { path: '^(web|sw)/' },
      { path: '^(sync-server|migrations|tests)/' },
    ),
    forbid(
      'server-not-web',
      'The server shares with the browser only through shared/.',
      { path: '^sync-server/', pathNot: TEST_FILE },
      { path: '^(web|sw|tests)/' },
    ),
    forbid(
      'no-orphans',
      'A module nothing imports is dead (entry points, tests and configs excepted).',
      {
        orphan: true,
        pathNot: [
          TEST_FILE,
          '\\.d\\.ts$',
          '(^|/)[^/]*\\.config\\.[cm]?[jt]s$',
          '^sync-server/src/main\\.ts$',
          '^web/src/main\\.tsx$',
          // Named by the HTML the server writes (sync-server/src/web/static.routes.ts), served as it is.
          '^web/public/first-screen-start\\.js$',
          '^sw/src/sw\\.ts$',
          '^tests/(scripts|support)/',
          // Each benchmark is an entry point: tests/scripts/bench.mjs runs every tests/bench/*.bench.ts.
          '^tests/bench/[^/]+\\.bench\\.ts$',
          // Forked by exam-time.bench.ts by its path; it needs nothing of ours.
          '^tests/bench/exam-time-bare\\.ts$',
        ],
      },
      {},
    ),
    forbid('not-to-unresolvable', 'An import that resolves to nothing.', {}, { couldNotResolve: true }),
  ],
  options: {
    includeOnly: '^(shared|sync-server|web|sw|migrations|tests)/',
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
