/**
 * The server's boundaries (docs/decisions/012-server-by-feature.md) and the client's layers
 * (docs/decisions/021-client-by-feature.md), checked by `npm run lint`. Type-only
 * imports count (tsPreCompilationDeps): a type edge couples two files as much as a value edge does.
 * Paths match at the project's root or below a `fixtures/` folder (AT), so the committed fixtures under
 * test/boundaries/fixtures/ break the same rules, and test/boundaries/boundaries.test.mjs asserts that they do.
 */
const AT = '(^|/fixtures/)';

// The client's layers, lowest first; each imports only from the layers below it and its own (ADR 021):
// lib < paths (the features' manifests, data only, and client/paths.ts, client/manifests.ts that merge them)
// < components < features < app < main.tsx. The service worker's messages (client/sw/messages.ts) are a contract
// any layer may read, like game/.
const CLIENT = `${AT}client/`;
const LIB = `${AT}client/lib/`;
const PATHS = `${AT}client/((paths|manifests)\\.ts$|features/[^/]+/manifest\\.ts$)`;
const COMPONENTS = `${AT}client/components/`;
const SW_MESSAGES = `${AT}client/sw/messages\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycle anywhere, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-no-feature',
      severity: 'error',
      comment: 'worker/core is what every feature builds on; it names none of them (features plug in through effects and routes).',
      from: { path: `${AT}worker/core/` },
      to: { path: `${AT}worker/features/` },
    },
    {
      name: 'feature-through-entry',
      severity: 'error',
      comment: "A feature reaches another only through that feature's declared entry, its index.ts.",
      from: { path: `${AT}worker/features/([^/]+)/` },
      to: { path: `${AT}worker/features/`, pathNot: [`${AT}worker/features/$2/`, `${AT}worker/features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'features-only-from-the-root',
      severity: 'error',
      comment: 'Outside the features, only the composition roots (worker/registry.ts, index.ts) name a feature.',
      from: { path: `${AT}worker/`, pathNot: `${AT}worker/(features/|registry\\.ts$|index\\.ts$)` },
      to: { path: `${AT}worker/features/` },
    },
    {
      name: 'game-is-shared',
      severity: 'error',
      comment: 'game/ is shared by the client and the worker: it imports neither.',
      from: { path: `${AT}game/` },
      to: { path: `${AT}(worker|client)/` },
    },
    {
      name: 'client-not-worker',
      severity: 'error',
      comment: 'The client talks to the worker through the contract in game/, never by importing it.',
      from: { path: `${AT}client/` },
      to: { path: `${AT}worker/` },
    },
    {
      name: 'client-lib-at-the-bottom',
      severity: 'error',
      comment: 'client/lib is what every layer builds on (the data layer, the session, the stores): it imports no other layer.',
      from: { path: LIB },
      to: { path: CLIENT, pathNot: [LIB, SW_MESSAGES] },
    },
    {
      name: 'client-paths-are-data',
      severity: 'error',
      comment: "The features' manifests and the paths merged from them are data any layer reads: they import only client/lib.",
      from: { path: PATHS },
      to: { path: CLIENT, pathNot: [LIB, PATHS] },
    },
    {
      name: 'client-components-below-features',
      severity: 'error',
      comment: "client/components are shared by the features: they import client/lib and the paths, never a feature's code or the shell.",
      from: { path: COMPONENTS },
      to: { path: CLIENT, pathNot: [LIB, PATHS, COMPONENTS, SW_MESSAGES] },
    },
    {
      name: 'client-features-below-the-shell',
      severity: 'error',
      comment: 'The shell (client/app, client/main.tsx) composes the features; a feature never imports it.',
      from: { path: `${AT}client/features/` },
      to: { path: `${AT}client/(app/|main\\.tsx$)` },
    },
    {
      name: 'client-features-apart',
      severity: 'error',
      comment: 'Client features never import each other, even for a type: they share through client/components, client/lib and the paths.',
      from: { path: `${AT}client/features/([^/]+)/` },
      to: { path: `${AT}client/features/`, pathNot: `${AT}client/features/$2/` },
    },
    {
      name: 'client-main-at-the-top',
      severity: 'error',
      comment: 'client/main.tsx starts the app: nothing imports it.',
      from: {},
      to: { path: `${AT}client/main\\.tsx$` },
    },
    {
      name: 'client-sw-apart',
      severity: 'error',
      comment: "The service worker is its own program: it imports only its own folder and game/, never the page's code.",
      from: { path: `${AT}client/sw/` },
      to: { path: CLIENT, pathNot: `${AT}client/sw/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.wrangler)/|worker-configuration\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.worker.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
