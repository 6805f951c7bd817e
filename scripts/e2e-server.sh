#!/usr/bin/env bash
# The dev server the Playwright suite drives: fresh local D1 and Durable Object state per run and per port,
# so runs never see each other's data or a developer's. E2E_KEEP_STATE=1 restarts on the existing state
# (the restart test), E2E_PREVIEW=1 serves the production build instead of the dev server.
set -euo pipefail
port="${E2E_PORT:-5174}"
state=".wrangler/e2e-$port"
[ "${E2E_KEEP_STATE:-}" = 1 ] || rm -rf "$state"
node scripts/dev-setup.mjs
if [ "${E2E_PREVIEW:-}" = 1 ]; then
  vite build --logLevel warn
fi
wrangler d1 migrations apply DB --local --persist-to "$state" > /dev/null
export SCAVENGER_E2E_STATE="$state"
if [ "${E2E_PREVIEW:-}" = 1 ]; then
  exec vite preview --port "$port" --strictPort
fi
exec vite dev --port "$port" --strictPort
