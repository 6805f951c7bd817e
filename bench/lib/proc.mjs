// Starting and stopping the servers under test. Every child gets its own process group, so stopping it
// also stops what it spawned (vite dev and wrangler dev each start workerd), and nothing else.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { sleep } from './stats.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const BIN = join(ROOT, 'node_modules', '.bin');
/** Logs of every child, for when a run goes wrong; overwritten each run. */
export const LOG_DIR = join(ROOT, '.wrangler', 'bench-logs');

const running = new Set();

/** A port that was free a moment ago on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns a long-running child with output to a log file. The node_modules/.bin on PATH makes the project's
 * own Node 22, vite and wrangler the ones that run.
 */
export function start(name, command, args, { env = {}, cwd = ROOT } = {}) {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(join(LOG_DIR, `${name}.log`));
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH}`, ...env },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const handle = { name, child, exited: new Promise((resolve) => child.once('exit', resolve)) };
  running.add(handle);
  handle.exited.then(() => running.delete(handle));
  return handle;
}

/** Stops a child and its whole process group: SIGTERM, then SIGKILL if it lingers. */
export async function stop(handle) {
  if (!handle || handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  const signal = (sig) => {
    try {
      process.kill(-handle.child.pid, sig);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const done = await Promise.race([handle.exited.then(() => true), sleep(5000).then(() => false)]);
  if (!done) signal('SIGKILL');
  await Promise.race([handle.exited, sleep(2000)]);
  // workerd children can outlive their parent for a moment; the group kill reaches them too.
  signal('SIGKILL');
}

export async function stopAll() {
  await Promise.all([...running].map(stop));
}

// A crash or Ctrl-C of the benchmark must not leave servers behind on a shared machine.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    stopAll().finally(() => process.exit(130));
  });
}

/** Runs a short command to completion; rejects with its output if it fails. */
export function run(command, args, { env = {}, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PATH: `${BIN}:${process.env.PATH}`, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-3000)}`))));
  });
}

/** Polls a URL until it answers 2xx, the child dies, or the time is up. */
export async function waitForHttp(url, handle, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle && handle.child.exitCode !== null) throw new Error(`${handle.name} exited early (see ${LOG_DIR}/${handle.name}.log)`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s (see ${LOG_DIR})`);
}
