#!/usr/bin/env bash
# `npm test`'s first step: the typecheck and the lint at once. Each is mostly one core's work and the machine has
# two, so together they take the longer one's time (issue #38: the suite's minutes). Fails if either fails.
set -uo pipefail
npm run typecheck &
typecheck=$!
npm run lint
lint=$?
wait "$typecheck"
typecheck=$?
exit $((typecheck || lint))
