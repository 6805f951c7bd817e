/**
 * The server's boundaries (docs/decisions/012-server-by-feature.md), checked by `npm run lint`. Type-only
 * imports count (tsPreCompilationDeps): a type edge couples two files as much as a value edge does.
 * Paths match at the project's root or below a `fixtures/` folder (AT), so the committed fixtures under
 * test/boundaries/fixtures/ break the same rules, and test/boundaries/boundaries.test.mjs asserts that they do.
 */
const AT = '(^|/fixtures/)';

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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.wrangler)/|worker-configuration\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.worker.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
