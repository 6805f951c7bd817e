/**
 * One axe audit for both browser suites (test/e2e/screens.ts, test/components/browser-commands.ts): axe-core's
 * source evaluated in the page once per document, then `axe.run` collecting only violations. @axe-core/playwright's
 * `analyze()`, used before, injected the source twice and opened a blank page for every audit: about 1.6 s an
 * audit on two busy cores, most of the accessibility pass's time (issue #50).
 */
import type { Frame, Page } from '@playwright/test';
import { createRequire } from 'node:module';

export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/**
 * The serious and critical axe violations in `target` as it is now: the whole document, or only its body (a
 * component test's frame, whose document is the runner's).
 */
export async function seriousAxeViolations(target: Page | Frame, scope: 'document' | 'body' = 'document'): Promise<AxeViolation[]> {
  if (!(await target.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await target.evaluate(axeSource);
  const violations = await target.evaluate(async (scope) => {
    const { axe } = window as unknown as { axe: { run: (context: Node, options: object) => Promise<{ violations: AxeViolation[] }> } };
    const { violations } = await axe.run(scope === 'body' ? document.body : document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
  }, scope);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
