/**
 * A server of the test's own on its own port (scripts/e2e-server.sh), for tests that must stop, restart or
 * build it: the shared dev server of playwright.config.ts is left alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface OwnServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the server and resolves once it answers its health check. `timeoutMs` bounds the wait, not the speed: a
 * build and workerd's first start took over 2 minutes on a loaded two-core machine (issue #50), so callers set a
 * test timeout above it. A server that does not start is stopped, never left running.
 */
export async function startOwnServer(port: number, env: Record<string, string> = {}, timeoutMs = 240_000): Promise<OwnServer> {
  // The suite's own server has built the same code already; serve that build (scripts/e2e-server.sh).
  const suitePort = process.env.E2E_PORT ?? '5174';
  const child: ChildProcess = spawn('bash', ['scripts/e2e-server.sh'], {
    env: { ...process.env, E2E_BUILD_FROM: suitePort, ...env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGTERM');
      throw new Error(`server did not start within ${timeoutMs / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // The whole process group: npm, vite and workerd.
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

/** Signs up a player with a username on `url`; returns the Cookie header value. */
export async function newPlayerOn(url: string, username: string): Promise<string> {
  const headers = { 'Content-Type': 'application/json', Origin: url };
  const password = 'correct horse battery';
  const signup = await fetch(`${url}/dev/fixtures/account`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `${username}@example.com`, password }),
  });
  const cookie = signup.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const named = await fetch(`${url}/api/setUsername`, { method: 'POST', headers: { ...headers, Cookie: cookie }, body: JSON.stringify({ username }) });
  if (!named.ok) throw new Error(`setUsername answered ${named.status}`);
  return cookie;
}
