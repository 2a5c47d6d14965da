#!/usr/bin/env bash
# npm run -w bench search-engines: job search's ranking and counting on Postgres, GIN against RUM
# (bench/src/search-engines.ts). Brings the local stack up (idempotent) and installs the RUM extension
# (Debian's postgresql-<major>-rum) the first time. Installing it can bring a newer minor release of
# PostgreSQL itself, which the running server only loads extensions of once restarted: the run then
# says to restart the stack.
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/services.sh"
bash "$ROOT/scripts/stack.sh" up
local_endpoints
if [ ! -f "/usr/share/postgresql/$POSTGRES_MAJOR/extension/rum.control" ]; then
  step "RUM extension (apt)" apt_install "postgresql-$POSTGRES_MAJOR-rum"
fi
running=$(psql "$DATABASE_URL" -Atc 'SHOW server_version' | cut -d' ' -f1)
installed=$("/usr/lib/postgresql/$POSTGRES_MAJOR/bin/postgres" --version | awk '{print $3}')
if [ "$running" != "$installed" ]; then
  die "PostgreSQL $running runs, $installed is installed: restart the stack (bash scripts/stack.sh stop && bash scripts/stack.sh up), then run this again"
fi
cd "$ROOT"
exec "$NODE_BIN_DIR/node" bench/src/search-engines.ts
