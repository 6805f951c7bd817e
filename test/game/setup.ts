import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test (docs/conventions.md), here as in the workerd project (test/worker/setup.ts).
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
