"""The DuckDB side: one `events` table, loaded idempotently by event id, and the views of views.sql.

Events arrive at least once, so the table's key is the event id: a redelivered duplicate, or a second
run into the same database file, loads nothing new. Rows are written in batches through a
newline-delimited JSON file, which DuckDB reads far faster than row-by-row inserts.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import duckdb

VIEWS_SQL = Path(__file__).with_name("views.sql")

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
  id             VARCHAR PRIMARY KEY,
  type           VARCHAR NOT NULL,
  schema_version INTEGER NOT NULL,
  stream_type    VARCHAR NOT NULL,
  stream_id      VARCHAR NOT NULL,
  stream_version BIGINT NOT NULL,
  position       BIGINT NOT NULL,
  occurred_at    TIMESTAMPTZ NOT NULL,
  actor_id       VARCHAR,
  data           JSON NOT NULL
)
"""

# Each view in the order the report shows it, with the order its rows are listed in.
REPORT_VIEWS: list[tuple[str, str, str]] = [
    ("daily_signups", "Daily sign-ups", "day, account_type"),
    ("hiring_funnel", "Hiring funnel per job", "posted_at, job_id"),
    ("daily_engagement", "Feed engagement per day", "day"),
    ("most_engaged_posts", "Most engaged posts", "engagement DESC, likes DESC, created_at DESC, post_id"),
]

_COLUMNS = (
    "{id: 'VARCHAR', type: 'VARCHAR', schema_version: 'INTEGER', stream_type: 'VARCHAR', "
    "stream_id: 'VARCHAR', stream_version: 'BIGINT', position: 'BIGINT', occurred_at: 'VARCHAR', "
    "actor_id: 'VARCHAR', data: 'JSON'}"
)


class Warehouse:
    """An events table in a DuckDB database (a file, or memory), and the views over it."""

    def __init__(self, path: str = ":memory:", batch_size: int = 20_000) -> None:
        self.db = duckdb.connect(path)
        self.db.execute("SET TimeZone = 'UTC'")
        self.db.execute(SCHEMA)
        self.db.execute(VIEWS_SQL.read_text(encoding="utf-8"))
        self.batch_size = batch_size
        self.pending: dict[str, dict[str, Any]] = {}
        self.offered = 0
        self.inserted = 0

    def add(self, envelope: dict[str, Any], data: dict[str, Any]) -> None:
        """Queues one valid event (`data` with its personal fields already dropped)."""
        self.offered += 1
        self.pending.setdefault(
            envelope["id"],
            {
                "id": envelope["id"],
                "type": envelope["type"],
                "schema_version": envelope["schemaVersion"],
                "stream_type": envelope["streamType"],
                "stream_id": envelope["streamId"],
                "stream_version": envelope["streamVersion"],
                "position": envelope["position"],
                "occurred_at": envelope["occurredAt"],
                "actor_id": envelope["actorId"],
                "data": data,
            },
        )
        if len(self.pending) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        """Writes the queued events; ids already in the table are left alone."""
        if not self.pending:
            return
        rows = list(self.pending.values())
        self.pending = {}
        handle, path = tempfile.mkstemp(prefix="careers-analytics-", suffix=".ndjson")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                for row in rows:
                    out.write(json.dumps(row, separators=(",", ":")))
                    out.write("\n")
            before = self.count()
            self.db.execute(
                "INSERT INTO events "
                "SELECT id, type, schema_version, stream_type, stream_id, stream_version, position, "
                "CAST(occurred_at AS TIMESTAMPTZ), actor_id, data "
                f"FROM read_json(?, format = 'newline_delimited', columns = {_COLUMNS}) "
                "ON CONFLICT (id) DO NOTHING",
                [path],
            )
            self.inserted += self.count() - before
        finally:
            os.unlink(path)

    @property
    def duplicates(self) -> int:
        """Valid events that were already loaded (in this run or an earlier one into the same file)."""
        return self.offered - self.inserted - len(self.pending)

    def count(self) -> int:
        row = self.db.execute("SELECT count(*) FROM events").fetchone()
        return int(row[0]) if row else 0

    def rows(self, view: str, order: str) -> tuple[list[str], list[dict[str, Any]]]:
        """A view's columns and rows, with values JSON can carry."""
        cursor = self.db.execute(f"SELECT * FROM {view} ORDER BY {order}")
        columns = [d[0] for d in cursor.description]
        return columns, [dict(zip(columns, map(plain, row), strict=True)) for row in cursor.fetchall()]

    def report(self) -> dict[str, list[dict[str, Any]]]:
        return {view: self.rows(view, order)[1] for view, _, order in REPORT_VIEWS}

    def close(self) -> None:
        self.db.close()


def plain(value: Any) -> Any:
    """A DuckDB value as JSON carries it: times as ISO 8601, decimals as numbers."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    return value
