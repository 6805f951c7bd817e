// A lean HTTP/1.1 client over node:http with keep-alive. The load generator shares the machine with the
// server, so it uses the cheapest client Node has rather than fetch (undici), which costs more per request.
import http from 'node:http';

export function agent(maxSockets) {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/** One request; resolves with status, headers and body text. Never rejects on HTTP errors, only on I/O. */
export function request(base, { method = 'GET', path, headers = {}, body, agent: via }) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: via,
        headers: {
          // The Worker refuses unsafe methods without a same-origin Origin (CSRF defence).
          origin: base,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout ${method} ${path}`)));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Runs `task(i)` for i in 0..count-1 with at most `limit` in flight. */
export async function pool(count, limit, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
