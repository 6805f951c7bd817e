// Serves ./worker.js in workerd through Miniflare, on a direct socket like bench/lib/deployed.mjs (no proxy in
// front), with the product's compatibility date and WebSocket flag. Usage: node bench/chat/workerd-room/server.mjs <port>
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';

const port = Number(process.argv[2]);
const here = dirname(fileURLToPath(import.meta.url));
const compatibilityDate = readFileSync(join(here, '..', '..', '..', 'wrangler.toml'), 'utf8').match(/^compatibility_date\s*=\s*"([^"]+)"/m)?.[1];
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    // Module names are relative to this; the default (the working directory) may not contain the script.
    modulesRoot: here,
    scriptPath: join(here, 'worker.js'),
    compatibilityDate,
    // As the product: clients offer permessage-deflate, and the product declines it (bench/README.md).
    compatibilityFlags: ['no_web_socket_compression'],
    durableObjects: { ROOM: { className: 'Room', useSQLite: true } },
    unsafeDirectSockets: [{ host: '127.0.0.1', port }],
  }),
);
await mf.ready;
console.info(`workerd room baseline on ${port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void mf.dispose().finally(() => process.exit(0)));
