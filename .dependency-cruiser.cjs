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

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-server-cycles',
      severity: 'error',
      comment: 'The sync server has no import cycles (issue 20): split the shared part into its own module.',
      from: { path: '^sync-server/src/' },
      to: { circular: true },
    },
    {
      name: 'no-web-cycles',
      severity: 'error',
      comment: 'The web app and shared have no import cycles either.',
      from: { path: '^(web|shared|sw)/src/' },
      to: { circular: true },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment:
        'A web feature imports another feature only through its public entry (features/<name>/index.ts), decision 029.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'local-not-features',
      severity: 'error',
      comment: 'web/src/local is the device side that features use like lib/: it never imports a feature.',
      from: { path: '^web/src/local/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'lib-not-features-or-app',
      severity: 'error',
      comment: 'web/src/lib is below features and app (imports flow lib → features → app).',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'shared/ is the contract: it imports nothing from web, the server, the worker, migrations or tests.',
      from: { path: '^shared/' },
      to: { path: '^(web|sync-server|sw|migrations|tests)/' },
    },
    {
      name: 'migrations-frozen',
      severity: 'error',
      comment: 'Migrations are frozen: they never import app code.',
      from: { path: '^migrations/' },
      to: { path: '^(web|sync-server|shared|sw|tests)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser code shares with the server only through shared/.',
      from: { path: '^(web|sw)/' },
      to: { path: '^(sync-server|migrations|tests)/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server shares with the browser only through shared/.',
      from: { path: '^sync-server/', pathNot: TEST_FILE },
      to: { path: '^(web|sw|tests)/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A module nothing imports is dead (entry points, tests and configs excepted).',
      from: {
        orphan: true,
        pathNot: [
          TEST_FILE,
          '\\.d\\.ts$',
          '(^|/)[^/]*\\.config\\.[cm]?[jt]s$',
          '^sync-server/src/main\\.ts$',
          '^web/src/main\\.tsx$',
          '^sw/src/sw\\.ts$',
          '^tests/(scripts|support)/',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
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
