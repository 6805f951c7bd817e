/**
 * The `components` project (vitest.config.ts): components render in real Chromium, in StrictMode as in
 * client/main.tsx, with the app's own stylesheet, so what a test measures (focus rings, what covers what) is what a
 * player sees.
 */
import { afterEach } from 'vitest';
import { commands } from 'vitest/browser';
import { configure } from 'vitest-browser-react/pure';
import '../../client/styles.css';
// An unexpected console.error fails the test, as in the other projects: the one guard is test/game/setup.ts.
import '../game/setup';

configure({ reactStrictMode: true });

// What a test set up in the browser around it, its theme (commands.colorScheme) and the answers it gave
// (commands.answer), is not the next test's.
afterEach(async () => {
  await commands.colorScheme(null);
  await commands.forgetAnswers();
});
