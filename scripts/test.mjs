// `npm test`: the typecheck and lint, every vitest project, then Playwright. Each part runs whatever the one before
// it did, so a vitest failure no longer hides the end-to-end results (issue #50); the run fails at the end if any
// part failed, and the summary names each part's count and time.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = 'test-results/summary';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

/** Runs a command with the terminal's output; answers its exit code (1 when it could not start). */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const vitestJson = `${RESULTS}/vitest.json`;
const playwrightJson = `${RESULTS}/playwright.json`;

const parts = [
  { name: 'typecheck and lint', command: 'bash', args: ['scripts/checks.sh'], counts: () => '' },
  {
    name: 'vitest (rules, workerd, components)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    slowest: () => slowestVitestFiles(),
    counts: () => {
      const report = readJson(vitestJson);
      if (!report) return 'no report';
      const skipped = report.numPendingTests + report.numTodoTests;
      return `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''} in ${report.testResults.length} files`;
    },
  },
  {
    name: 'playwright (end to end)',
    command: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
    slowest: () => slowestPlaywrightFiles(),
    counts: () => {
      const report = readJson(playwrightJson);
      if (!report) return 'no report';
      const { expected, unexpected, flaky, skipped } = report.stats;
      return `${expected} passed, ${unexpected} failed${flaky ? `, ${flaky} flaky` : ''}${skipped ? `, ${skipped} skipped` : ''}`;
    },
  },
];

const SLOWEST = 8;
const top = (byFile) => [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
const shortName = (file) => file.replace(/^.*?\btest\//, '');

/** Each vitest file's own time (its tests' durations summed; files run in parallel). */
function slowestVitestFiles() {
  const report = readJson(vitestJson);
  if (!report) return [];
  return top(report.testResults.map((file) => [shortName(file.name), file.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0)]));
}

/** Each Playwright file's tests' durations summed (two workers share the wall clock). */
function slowestPlaywrightFiles() {
  const report = readJson(playwrightJson);
  if (!report) return [];
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return top(byFile);
}

const outcomes = [];
for (const part of parts) {
  const started = Date.now();
  const code = await run(part.command, part.args, part.env);
  // Read now: Playwright empties test-results/ when it starts, vitest's report with it.
  outcomes.push({ name: part.name, code, seconds: Math.round((Date.now() - started) / 1000), counts: part.counts(), slowest: part.slowest?.() ?? [] });
}

const total = outcomes.reduce((sum, { seconds }) => sum + seconds, 0);
console.info('\nnpm test, each part:');
for (const { name, code, seconds, counts } of outcomes) {
  console.info(`  ${code === 0 ? 'passed' : 'FAILED'}  ${name}: ${counts ? `${counts}, ` : ''}${seconds} s`);
}
console.info(`  total ${total} s (${(total / 60).toFixed(1)} min)`);
// Where the time went: only the end of a CI run's output is kept, so the slowest files are named here.
for (const { name, slowest } of outcomes) {
  if (slowest.length) console.info(`  slowest in ${name}: ${slowest.map(([file, ms]) => `${file} ${Math.round(ms / 1000)} s`).join(', ')}`);
}
process.exit(outcomes.some(({ code }) => code !== 0) ? 1 : 0);
