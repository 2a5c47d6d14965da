#!/usr/bin/env bash
# Runs the project's Node 24 (installed into .stack/ by scripts/stack.sh) whatever Node the shell has:
# npm scripts that execute TypeScript directly need Node 24's type stripping.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[ -x "$NODE_BIN_DIR/node" ] || die "Node $NODE_VERSION is not installed yet: run npm start (or npm test) once"
exec "$NODE_BIN_DIR/node" "$@"
