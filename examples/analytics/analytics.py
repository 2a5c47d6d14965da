"""The careers analytics example: an outside consumer of the product's event stream.

It reads every topic of docs/events/catalogue.json from the beginning (a bounded run: up to the end
each partition had when it started), checks every message against the catalogue's JSON Schemas,
loads the valid events into DuckDB without their personal fields, and prints what the views of
views.sql answer: daily sign-ups, the hiring funnel per job, feed engagement per day and the most
engaged posts.

    python analytics.py                       # text tables
    python analytics.py --json                # one JSON object: every view's rows and the counts
    python analytics.py --db analytics.duckdb # keep the database to query it afterwards

It depends on nothing of the product but the catalogue and the topics.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

from catalogue import Accepted, Catalogue, CatalogueError, Invalid, load_catalogue, without_personal_data
from kafka_reader import Progress, ReadError, Record, TopicPlan, open_consumer, plan_topics, read_planned
from report import RunCounts, as_json, as_text
from warehouse import REPORT_VIEWS, Warehouse

DEFAULT_CATALOGUE = Path(__file__).resolve().parents[2] / "docs" / "events" / "catalogue.json"

# How many invalid messages a run lists (all are counted).
INVALID_SHOWN = 10


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="analytics",
        description="Reads the careers event topics, validates them against the catalogue and "
        "prints analytics tables from DuckDB.",
    )
    parser.add_argument(
        "--brokers",
        default=os.environ.get("KAFKA_BROKERS", "127.0.0.1:9092"),
        help="Kafka bootstrap servers, host:port[,host:port] (default: $KAFKA_BROKERS or 127.0.0.1:9092)",
    )
    parser.add_argument(
        "--topic-prefix",
        default=os.environ.get("KAFKA_TOPIC_PREFIX", ""),
        help="read <prefix><topic> for every topic of the catalogue (default: $KAFKA_TOPIC_PREFIX or none)",
    )
    parser.add_argument("--catalogue", type=Path, default=DEFAULT_CATALOGUE, help="the AsyncAPI catalogue")
    parser.add_argument("--db", default=":memory:", help="a DuckDB file to load into and keep (default: memory)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument("--verbose", action="store_true", help="show the Kafka client's own log on stderr")
    parser.add_argument(
        "--timeout",
        type=float,
        default=30.0,
        help="seconds to wait for the cluster, and for a stalled read, before giving up (default 30)",
    )
    parser.add_argument(
        "--fail-on-invalid", action="store_true", help="exit with status 1 when any message is invalid"
    )
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    if not all(part.strip() for part in args.brokers.split(",")):
        parser.error("--brokers must be host:port, comma-separated")
    return args


def take(record: Record, base_topic: str, catalogue: Catalogue, warehouse: Warehouse, counts: RunCounts) -> None:
    """Checks one message and loads it, or counts why not."""
    counts.read += 1
    result = catalogue.check(base_topic, record.key, record.value)
    if isinstance(result, Accepted):
        data, sealed, plain = without_personal_data(result.envelope["data"], catalogue.personal_fields(result.spec))
        counts.sealed += sealed
        counts.plain_personal += plain
        warehouse.add(result.envelope, data)
    elif isinstance(result, Invalid):
        counts.invalid += 1
        if len(counts.invalid_examples) < INVALID_SHOWN:
            counts.invalid_examples.append(
                {
                    "topic": record.topic,
                    "partition": record.partition,
                    "offset": record.offset,
                    "event": result.label,
                    "errors": result.errors,
                }
            )
    else:
        counts.skipped += 1
        counts.skipped_by_label[result.label] = counts.skipped_by_label.get(result.label, 0) + 1


def run(args: argparse.Namespace) -> int:
    started = time.monotonic()
    catalogue = load_catalogue(args.catalogue)
    base_by_topic = {f"{args.topic_prefix}{c.topic}": c.topic for c in catalogue.channels}
    consumer = open_consumer(args.brokers, args.verbose)
    warehouse = Warehouse(args.db)
    counts = RunCounts()
    try:
        plans = plan_topics(consumer, list(base_by_topic), args.timeout)
        progress = Progress(plans, enabled=not args.quiet)
        for record in read_planned(consumer, plans, args.timeout, progress.tick):
            take(record, base_by_topic[record.topic], catalogue, warehouse, counts)
        warehouse.flush()
        counts.loaded = warehouse.inserted
        counts.duplicates = warehouse.duplicates
        if time.monotonic() - started > progress.every_s:
            progress.tick(force=True)
        summary = run_summary(args, catalogue, plans, time.monotonic() - started)
        if args.json:
            print(as_json(summary, counts, warehouse.report()))
        else:
            tables = [(view, title, *warehouse.rows(view, order)) for view, title, order in REPORT_VIEWS]
            print(as_text(summary, counts, tables))
    finally:
        consumer.close()
        warehouse.close()
    return 1 if args.fail_on_invalid and counts.invalid else 0


def run_summary(args: argparse.Namespace, catalogue: Catalogue, plans: list[TopicPlan], seconds: float) -> dict[str, Any]:
    return {
        "catalogue": catalogue.version,
        "brokers": args.brokers,
        "topic_prefix": args.topic_prefix,
        "seconds": round(seconds, 3),
        "topics": [
            {"topic": p.name, "exists": p.exists, "partitions": len(p.ranges), "read": p.read} for p in plans
        ],
    }


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s", stream=sys.stderr)
    try:
        return run(args)
    except (CatalogueError, ReadError) as error:
        print(f"analytics: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader of stdout went away (`| head`): nothing left to say, and nothing to say it to.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
