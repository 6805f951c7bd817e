#!/usr/bin/env bash
# The server the Playwright suite drives: a production build (`vite build`) served the way it deploys (`wrangler
# dev` over the built config: the assets layer and the Worker in workerd), with the development variables the
# tests need (vite.config.ts SCAVENGER_E2E_BUILD), fresh local D1 and Durable Object state per run and per port, so runs
# never see each other's data or a developer's. A build loads ~0.5 MB of JavaScript per page where the dev
# server loads ~8 MB in ~94 requests.
# E2E_KEEP_STATE=1 restarts on the existing state (the restart test); E2E_PREVIEW=1 serves the real production
# build (`dist/`, no development variables: production.spec.ts); E2E_DEV=1 the Vite dev server (debugging);
# E2E_BUILD_FROM=<port> serves the build the suite's server on that port made, when there is one, instead of building
# again (test/e2e/own-server.ts: a build is most of a server's start, and the suite's is the same code).
set -euo pipefail
port="${E2E_PORT:-5174}"
state=".wrangler/e2e-$port"
[ "${E2E_KEEP_STATE:-}" = 1 ] || rm -rf "$state"
node scripts/dev-setup.mjs
node scripts/migrate-local.mjs --persist-to "$state" > /dev/null
export SCAVENGER_E2E_STATE="$state"
if [ "${E2E_DEV:-}" = 1 ]; then
  exec vite dev --port "$port" --strictPort
fi
if [ "${E2E_PREVIEW:-}" = 1 ]; then
  vite build --logLevel warn
  exec vite preview --port "$port" --strictPort
fi
# The suite's build goes to a folder of its own, carrying the development variables (vite.config.ts), and is
# served by `wrangler dev` over its built config: the assets layer and the Worker in workerd, as deployed.
# `vite build` also points .wrangler/deploy/config.json (what a bare `wrangler deploy` reads) at its output;
# this build must never be the one deployed, so the pointer is put back as it was.
build=".wrangler/e2e-build-$port"
shared=".wrangler/e2e-build-${E2E_BUILD_FROM:-none}"
if [ -n "${E2E_BUILD_FROM:-}" ] && [ -f "$shared/scavenger/wrangler.json" ]; then
  exec wrangler dev -c "$shared/scavenger/wrangler.json" --port "$port" --ip localhost --persist-to "$state" \
    --inspector-port 0 --show-interactive-dev-session=false --log-level warn
fi
pointer=.wrangler/deploy/config.json
saved="$(cat "$pointer" 2>/dev/null || true)"
SCAVENGER_E2E_BUILD="$build" vite build --logLevel warn
if [ -n "$saved" ]; then printf '%s' "$saved" > "$pointer"; else rm -f "$pointer"; fi
exec wrangler dev -c "$build/scavenger/wrangler.json" --port "$port" --ip localhost --persist-to "$state" \
  --inspector-port 0 --show-interactive-dev-session=false --log-level warn
