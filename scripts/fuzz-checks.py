"""
The product's own checks for schemathesis, loaded through SCHEMATHESIS_HOOKS by scripts/fuzz.sh and
e2e/fuzz.int.test.ts, on top of schemathesis' not_a_server_error:

- error_body_is_message: every answer of 400 or above is JSON `{ "message": "<text>" }` and nothing else.
- refusal_writes_nothing: a request answered with 400 or above appended nothing to the command-service's
  event log (every write goes through it, so an unchanged log means nothing was written). The log's
  highest position is read before the request and again after the answer; this holds only while no
  one else writes, so the run uses one worker and its own account.

Environment: FUZZ_DATABASE_URL (Postgres), FUZZ_EVENT_LOG (the quoted table, `"cmd".event_log`).
Without them the second check is off (the run says so).
"""

import json
import os
import re
import sys
from urllib.parse import parse_qs, unquote, urlparse

import schemathesis

DATABASE_URL = os.environ.get("FUZZ_DATABASE_URL", "")
EVENT_LOG = os.environ.get("FUZZ_EVENT_LOG", "")

# A table name goes into SQL text: only a quoted or plain identifier, optionally schema-qualified.
_IDENTIFIER = r'(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_]*)'
if EVENT_LOG and not re.fullmatch(rf"{_IDENTIFIER}(?:\.{_IDENTIFIER})?", EVENT_LOG):
    sys.exit(f"FUZZ_EVENT_LOG is not a table name: {EVENT_LOG!r}")
if not (EVENT_LOG and DATABASE_URL):
    print("refusal_writes_nothing is off: FUZZ_DATABASE_URL and FUZZ_EVENT_LOG are not both set", file=sys.stderr)

_connection = None


def _event_log_position() -> int:
    global _connection
    if _connection is None:
        import pg8000.native

        url = urlparse(DATABASE_URL)
        query = parse_qs(url.query)
        port = int(query.get("port", [url.port or 5432])[0])
        # A host that is a folder is where the server's Unix socket is (the local stack's URL).
        socket_dir = query.get("host", [""])[0]
        where = (
            {"unix_sock": f"{socket_dir}/.s.PGSQL.{port}"}
            if socket_dir.startswith("/")
            else {"host": url.hostname or "127.0.0.1", "port": port}
        )
        _connection = pg8000.native.Connection(
            user=unquote(url.username or ""),
            password=unquote(url.password or "") or None,
            database=(url.path or "/").lstrip("/") or None,
            **where,
        )
    return int(_connection.run(f"SELECT coalesce(max(position), 0) FROM {EVENT_LOG}")[0][0])


# Keyed by the case object: read before its request, compared after its answer.
_positions_before: dict[int, int] = {}


@schemathesis.hook
def before_call(context, case, kwargs):
    if EVENT_LOG and DATABASE_URL:
        _positions_before[id(case)] = _event_log_position()


@schemathesis.check
def error_body_is_message(ctx, response, case):
    if response.status_code < 400:
        return None
    text = response.content.decode("utf-8", errors="replace")
    try:
        body = json.loads(text)
    except ValueError:
        raise AssertionError(f"{response.status_code} answer is not JSON: {text[:300]!r}") from None
    message = body.get("message") if isinstance(body, dict) else None
    if not (isinstance(body, dict) and set(body) == {"message"} and isinstance(message, str) and message.strip()):
        raise AssertionError(f"{response.status_code} answer is not {{ message }}: {text[:300]!r}")
    return None


@schemathesis.check
def refusal_writes_nothing(ctx, response, case):
    before = _positions_before.pop(id(case), None)
    if before is None or response.status_code < 400:
        return None
    after = _event_log_position()
    if after != before:
        raise AssertionError(
            f"refused with {response.status_code} but the event log grew from position {before} to {after}"
        )
    return None
