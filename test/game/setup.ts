import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test (docs/conventions.md): errors must be either handled or expected.
// The workerd project's setup (test/worker/setup.ts) imports this guard too.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${JSON.stringify(errors)}`);
});
