// Players for the benchmarks, created through the real API (signup, then setUsername), exactly as a browser
// would. Signup runs scrypt on the server (about 0.1 s of CPU each, several times that on a loaded
// machine), so accounts are few and reused: the chat opens several sockets per account, and the API
// scenario spreads its intents over all of them.
import { agent, pool, request } from './http.mjs';

const PASSWORD = 'bench-password-1';

/** @returns {Promise<{ uid: string, username: string, cookie: string }[]>} */
export async function createPlayers(base, count, { concurrency = 2, prefix = 'bench' } = {}) {
  const via = agent(concurrency);
  try {
    return await pool(count, concurrency, async (i) => {
      const id = String(i).padStart(3, '0');
      const signup = await request(base, {
        method: 'POST',
        path: '/api/auth/signup',
        body: { email: `${prefix}${id}@bench.test`, password: PASSWORD, confirmPassword: PASSWORD },
        agent: via,
      });
      if (signup.status !== 201) throw new Error(`signup ${i}: ${signup.status} ${signup.body}`);
      const setCookie = [signup.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('__Host-session='));
      if (!setCookie) throw new Error(`signup ${i}: no session cookie`);
      const cookie = setCookie.split(';')[0];
      const username = `${prefix}${id}`;
      const named = await request(base, { method: 'POST', path: '/api/setUsername', body: { username }, headers: { cookie }, agent: via });
      if (named.status !== 201 && named.status !== 200) throw new Error(`setUsername ${i}: ${named.status} ${named.body}`);
      return { uid: JSON.parse(signup.body).uid, username, cookie };
    });
  } finally {
    via.destroy();
  }
}

/** Development fixture: sets a player's energy (only answered when ENVIRONMENT=development). */
export async function refillEnergy(base, players, energy = 20) {
  const via = agent(4);
  try {
    await pool(players.length, 4, async (i) => {
      const res = await request(base, { method: 'POST', path: '/dev/fixtures/energy', body: { energy }, headers: { cookie: players[i].cookie }, agent: via });
      if (res.status !== 200) throw new Error(`energy fixture: ${res.status} ${res.body}`);
    });
  } finally {
    via.destroy();
  }
}
