import { expect, test } from '@playwright/test';
import { newPlayerOn, startOwnServer } from './own-server';

const PORT = Number(process.env.E2E_PORT ?? 5174) + 20;

test('restarting the dev server keeps D1 data, sessions and chat history', async () => {
  // Two builds and starts, each bounded by startOwnServer: a bound on a loaded machine, not a speed check.
  test.setTimeout(540_000);
  let server = await startOwnServer(PORT);
  try {
    const username = `restart${Date.now().toString(36).slice(-6)}`;
    const cookie = await newPlayerOn(server.url, username);
    const headers = { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/json' };
    const scavenged = await fetch(`${server.url}/api/scavenge`, { method: 'POST', headers, body: '{}' });
    expect(scavenged.status).toBe(200);

    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/chat`, { headers: { Cookie: cookie, Origin: server.url } } as never);
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    const echoed = new Promise<void>((resolve) => {
      ws.onmessage = (event) => {
        if (String(event.data).includes('survives restarts')) resolve();
      };
    });
    ws.send(JSON.stringify({ type: 'message', text: 'this survives restarts' }));
    await echoed;
    ws.close();

    await server.stop();
    server = await startOwnServer(PORT, { E2E_KEEP_STATE: '1' });

    const session = await (await fetch(`${server.url}/api/auth/session`, { headers })).json();
    expect(session.user.username).toBe(username);
    const profile = await (await fetch(`${server.url}/api/users/${session.user.uid}`, { headers })).json();
    expect(profile).toMatchObject({ energy: 19, gold: 101 });
    const page = await (await fetch(`${server.url}/api/messages`, { headers })).json();
    expect(page.messages.map((message: { text: string }) => message.text)).toContain('this survives restarts');
  } finally {
    await server.stop();
  }
});
