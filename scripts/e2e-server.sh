#!/usr/bin/env bash
# The dev server the Playwright suite drives: fresh local D1 and Durable Object state per run and per port,
# so runs never see each other's data or a developer's.
set -euo pipefail
port="${E2E_PORT:-5174}"
state=".wrangler/e2e-$port"
rm -rf "$state"
node scripts/dev-setup.mjs
wrangler d1 migrations apply DB --local --persist-to "$state" > /dev/null
SCAVENGER_E2E_STATE="$state" exec vite dev --port "$port" --strictPort
