// Starting and stopping the servers under test. Every child gets its own process group, so stopping it
// also stops what it spawned (vite dev and wrangler dev each start workerd), and nothing else.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
export function start(name, command, args, { env = {}, cwd = ROOT, port } = {}) {
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
  const handle = { name, child, port, exited: new Promise((resolve) => child.once('exit', resolve)) };
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

const TICK_MS = 10; // Linux USER_HZ: /proc reports CPU time in 1/100 s.

/**
 * CPU time used so far by every process of a server's group, by role. CPU time per delivery (or per
 * request) barely moves when the shared machine is busy, unlike throughput, so it says where the time
 * goes: which process, and how much of it per unit of work.
 */
export function cpuOf(handle) {
  const byRole = {};
  for (const { fields, role } of processesOf(handle)) {
    // utime + stime, in ticks
    byRole[role] = (byRole[role] ?? 0) + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }
  return byRole;
}

/** The processes of a server's process group: pid, /proc stat fields after the name, and role. */
function* processesOf(handle) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    let cmdline;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // exited meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === handle.child.pid) yield { pid, fields, role: roleOf(cmdline, handle.port) };
  }
}

function roleOf(cmdline, port) {
  const program = cmdline[0]?.split('/').pop() ?? '?';
  if (program === 'workerd') {
    // wrangler dev runs two workerd: its proxy on the public port, and the runtime holding the Worker.
    return cmdline.some((arg) => arg === `--socket-addr=entry=127.0.0.1:${port}`) ? 'workerd (wrangler proxy)' : 'workerd (runtime)';
  }
  if (program === 'node' || program.startsWith('node')) {
    const script = cmdline.find((arg) => /(vite|wrangler|bench\/chat)/.test(arg)) ?? '';
    if (script.includes('vite')) return 'node (vite dev server)';
    if (script.includes('wrangler')) return 'node (wrangler)';
    return 'node (server)';
  }
  return program;
}

/** CPU milliseconds between two `cpuOf` snapshots, by role, with the total. */
export function cpuDelta(before, after) {
  const delta = {};
  let total = 0;
  for (const [role, ms] of Object.entries(after)) {
    delta[role] = ms - (before[role] ?? 0);
    total += delta[role];
  }
  return { totalMs: total, byRole: delta };
}

/** TCP ports on which a process listens: its socket inodes, looked up in /proc/net/tcp. */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === '0A' && inodes.has(cols[9])) // 0A: LISTEN
    .map((cols) => parseInt(cols[1].split(':')[1], 16));
}

/**
 * The address of the workerd runtime behind `wrangler dev`, past wrangler's own proxy (a second workerd
 * that every request and every WebSocket frame crosses in development, and never in production). It is
 * the runtime's listening port that answers `probePath` with 200.
 */
export async function runtimeBase(handle, probePath) {
  for (const { pid, role } of processesOf(handle)) {
    if (role !== 'workerd (runtime)') continue;
    for (const port of listeningPorts(pid)) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${probePath}`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return `http://127.0.0.1:${port}`;
      } catch {
        // not an HTTP port
      }
    }
  }
  throw new Error(`no workerd runtime of ${handle.name} answers ${probePath}`);
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
