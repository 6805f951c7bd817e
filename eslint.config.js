import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LAZY_ONLY = { name: 'react', importNames: ['lazy'], message: 'Use lazy or lazyNamed from client/lib/lazy.ts.' };
const QUERY_ONLY = { name: '@tanstack/react-query', message: 'Read server state with useRead/setRead/invalidate from client/lib/query.ts.' };

export default tseslint.config(
  { ignores: ['dist', '.wrangler', 'node_modules', 'worker/worker-configuration.d.ts', 'test-results', 'playwright-report', '.tsbuild'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A file past 300 lines of code does several things; split it by concern (issue #38).
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      // Accessibility by construction (docs/accessibility.md): one h1 per screen that also sets its title, and
      // buttons that keep the keyboard's focus while they cannot act.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='h1']", message: 'Use ScreenHeading (components/ui.tsx): it names the screen and sets the document title.' },
        {
          selector: "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='disabled']",
          message: 'Use Button or ReasonedButton: a disabled button drops the keyboard focus to the page.',
        },
        // A refusal is told apart by its code (game/api.ts ERROR_CODES), never by the words, which may change.
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[object.name='MSG']",
          message: 'Compare the error code (refusalOf(e).code, loaded.errorCode), not the message text.',
        },
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/] > CallExpression[callee.object.name='MSG']",
          message: 'Compare the error code (refusalOf(e).code, loaded.errorCode), not the message text.',
        },
      ],
    },
  },
  {
    // The server's files too: a file past 300 lines of code does several things (issue #52). Generated types and
    // the catalogue's data (game/) are not in this set.
    files: ['worker/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A refusal is one name of the contract (game/refusal.ts): status, code and message are never chosen apart.
    files: ['worker/features/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='ApiError']", message: 'Throw refuse(ERRORS.x) (worker/core/errors.ts): a refusal ties its status, code and message.' }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '*.config.{js,ts}', '.dependency-cruiser.cjs', 'test/e2e/**', 'test/boundaries/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    // Code loaded on demand goes through client/lib/lazy.ts: a chunk gone after a deploy reloads the page once.
    // Server state is read through the data layer (client/lib/query.ts: useRead, setRead, invalidate), so there
    // is one cache and no hand-made one (issue #38).
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/lib/lazy.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [LAZY_ONLY, QUERY_ONLY] }],
    },
  },
  {
    files: ['client/lib/query.ts', 'client/lib/player.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [LAZY_ONLY] }],
    },
  },
  {
    // Features do not import each other; the app shell composes them (docs/conventions.md, bulletproof-react).
    files: ['client/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [LAZY_ONLY, QUERY_ONLY],
          patterns: [
            { group: ['../../app/*'], message: 'Features must not import the app shell.' },
            { regex: '^\\.\\./[a-z-]+/', message: 'Features must not import each other; share through client/components or client/lib.' },
          ],
        },
      ],
    },
  },
  {
    // News, notices and pushes follow commits by themselves: the chat and the notifications subscribe with commit
    // watchers and hooks that worker/app.ts registers (docs/decisions/021-client-by-feature.md). A feature says what
    // happened in its decision's events (worker/core/changes.ts `IntentEvent`) and never calls them.
    files: ['worker/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '../notifications', message: 'Pushes follow commits by themselves: say what happened in Changes.events.' },
            {
              name: '../chat',
              importNames: ['serverFirstsHook', 'tellChatAfterCommit', 'tellWorldAfterCommit'],
              message: 'The chat follows commits by itself (worker/app.ts registers it): say what happened in Changes.events.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features reach D1 only through drizzle: the player capability (worker/core/player.ts) for game data, the
    // typed `c.var.db` for accounts. A raw binding would skip the session check and the write guard. (The
    // server's import boundaries are in .dependency-cruiser.cjs.)
    files: ['worker/features/*/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='DB']", message: 'Use c.var.player (game data) or c.var.db (accounts), never the raw D1 binding.' },
        { selector: "CallExpression[callee.property.name='prepare']", message: 'No hand-written SQL in routes: see docs/decisions/007-data-access.md.' },
      ],
    },
  },
  {
    // An end-to-end test's API call survives the dev server's lost answers (docs/conventions.md section 5).
    files: ['test/e2e/**'],
    ignores: ['test/e2e/fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(get|post)$/]:matches([callee.object.name='request'], [callee.object.property.name='request'])",
          message: 'Use apiPost or apiGet (test/e2e/fixtures.ts): they send a lost answer once more, an intent with the same key.',
        },
      ],
    },
  },
);
