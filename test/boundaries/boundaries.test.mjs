// The boundary rules of .dependency-cruiser.cjs must fail on the committed fixtures, each for its own
// reason, and pass on the real tree; run by `npm run lint` (node --test), so a rule that stops biting fails it.
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { test } from 'node:test';

function cruise(...paths) {
  const bin = new URL('../../node_modules/.bin/depcruise', import.meta.url).pathname;
  try {
    return JSON.parse(execFileSync(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    // depcruise exits non-zero when it finds violations; its JSON is still on stdout.
    if (error.stdout) return JSON.parse(error.stdout);
    throw error;
  }
}

const FIXTURES = 'test/boundaries/fixtures/worker';
const violations = cruise('test/boundaries/fixtures').summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

test('the core importing a feature, even for a type, is refused', () => {
  assert.ok(violations.includes(`core-imports-no-feature: ${FIXTURES}/core/engine.ts -> ${FIXTURES}/features/shop/basket.ts`), violations.join('\n'));
});

test("a feature reaching past another feature's entry is refused, and through the entry it is allowed", () => {
  assert.ok(violations.includes(`feature-through-entry: ${FIXTURES}/features/shop/basket.ts -> ${FIXTURES}/features/bank/ledger.ts`), violations.join('\n'));
  assert.ok(!violations.some((v) => v.includes('shop/checkout.ts')), violations.join('\n'));
});

test('a cycle of type-only imports is refused', () => {
  assert.ok(violations.some((v) => v.startsWith('no-cycles:') && v.includes('bank/ledger.ts') && v.includes('bank/account.ts')), violations.join('\n'));
});

const CLIENT = 'test/boundaries/fixtures/client';

test("the client's layers import one way: lib importing a component is refused, a feature importing one is allowed", () => {
  assert.ok(violations.includes(`client-lib-at-the-bottom: ${CLIENT}/lib/player.ts -> ${CLIENT}/components/toasts.ts`), violations.join('\n'));
  assert.ok(!violations.some((v) => v.endsWith(`-> ${CLIENT}/components/toasts.ts`) && v.includes('features/market')), violations.join('\n'));
});

test('a client feature importing the shell or another feature, even for a type, is refused', () => {
  assert.ok(violations.includes(`client-features-below-the-shell: ${CLIENT}/features/market/world.ts -> ${CLIENT}/app/features.ts`), violations.join('\n'));
  assert.ok(violations.includes(`client-features-apart: ${CLIENT}/features/market/world.ts -> ${CLIENT}/features/bank/balance.ts`), violations.join('\n'));
});

test('the real tree keeps every boundary', () => {
  const real = cruise('worker', 'game', 'client').summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  assert.deepEqual(real, []);
});
