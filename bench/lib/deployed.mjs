// The production build served the way it meets clients when deployed: the Worker itself answers the upgrade.
// `wrangler dev` (and vite) put Miniflare's own Workers in front of it (its entry Worker and, with assets,
// the assets proxy and router), whose compatibility dates enable WebSocket compression, so they accept
// permessage-deflate for every client that offers it whatever the product's `no_web_socket_compression`
// says (bench/README.md, "Compression"). Here Miniflare serves the same build on a direct socket to the
// product's Worker, configured from the build's own wrangler.json, so the Worker's flags decide.
// Without assets: the chat and the API are all this server is used for.
// Usage: node bench/lib/deployed.mjs <port> <build>/scavenger/wrangler.json <state dir>
import { join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const [port, configPath, state] = process.argv.slice(2);
const { workerOptions, main } = unstable_getMiniflareWorkerOptions(configPath);
const mf = new Miniflare(
  convertV4MiniflareOptions({
    cf: false,
    resourcePersistencePath: join(state, 'v3'),
    workers: [
      {
        ...workerOptions,
        // The build is one bundled module; the rules only describe how to find others.
        modulesRules: undefined,
        // With assets, a direct socket leads to Miniflare's assets proxy and router, which compress.
        assets: undefined,
        name: 'scavenger',
        modules: true,
        scriptPath: main,
        // As the wrangler dev server of the benchmark: per-address limits off (every client is this machine).
        // CHAT_LOBBY_LEAVES from the environment, when set: the lobby as one room next to the sharded one.
        bindings: { ...workerOptions.bindings, ENVIRONMENT: 'development', ...(process.env.CHAT_LOBBY_LEAVES ? { CHAT_LOBBY_LEAVES: process.env.CHAT_LOBBY_LEAVES } : {}) },
        unsafeDirectSockets: [{ host: '127.0.0.1', port: Number(port) }],
      },
    ],
  }),
);
await mf.ready;
console.info(`production build, Worker on a direct socket at 127.0.0.1:${port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void mf.dispose().finally(() => process.exit(0)));
