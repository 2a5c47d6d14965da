"""A bounded read of whole topics: every partition from its low watermark to the high watermark taken
at the start, then stop.

No consumer group is joined and no offset is committed: partitions are assigned by hand, so a run
reads the same history every time and leaves no trace on the cluster. Messages written after the
start are left for the next run, which makes a run's figures a snapshot of one moment.
"""

from __future__ import annotations

import logging
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from confluent_kafka import Consumer, KafkaError, KafkaException, TopicPartition

# librdkafka's own log lines (connection retries and the like) go here: shown with --verbose only,
# so a run's output is its report.
LOG = logging.getLogger("analytics.kafka")

BATCH = 1000


class ReadError(Exception):
    """The cluster cannot be reached, or a read stopped making progress."""


@dataclass(frozen=True)
class Record:
    """One message as read."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None


@dataclass
class TopicPlan:
    """What a run reads of one topic: per partition, [low, high) offsets."""

    name: str
    exists: bool
    ranges: dict[int, tuple[int, int]] = field(default_factory=dict)
    read: int = 0

    @property
    def size(self) -> int:
        return sum(high - low for low, high in self.ranges.values())


@dataclass
class Progress:
    """Prints events/s per topic on stderr every few seconds of a long read."""

    plans: list[TopicPlan]
    enabled: bool = True
    every_s: float = 2.0
    started: float = field(default_factory=time.monotonic)
    last: float = field(default_factory=time.monotonic)

    def tick(self, force: bool = False) -> None:
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < self.every_s):
            return
        self.last = now
        elapsed = max(now - self.started, 1e-6)
        total = sum(p.read for p in self.plans)
        parts = ", ".join(f"{p.name} {p.read:,}/{p.size:,}" for p in self.plans if p.size)
        print(f"  reading: {parts} ({total / elapsed:,.0f} events/s)", file=sys.stderr, flush=True)


def open_consumer(brokers: str, verbose: bool) -> Consumer:
    LOG.setLevel(logging.DEBUG if verbose else logging.CRITICAL)
    return Consumer(
        {
            "bootstrap.servers": brokers,
            "client.id": "careers-analytics",
            # librdkafka wants a group id even for assigned partitions; it is never joined or committed.
            "group.id": f"careers-analytics-{uuid.uuid4().hex}",
            "enable.auto.commit": False,
            "enable.auto.offset.store": False,
            "enable.partition.eof": True,
            "logger": LOG,
        }
    )


def plan_topics(consumer: Consumer, topics: list[str], timeout_s: float) -> list[TopicPlan]:
    """Looks up each topic's partitions and their watermarks now."""
    try:
        metadata = consumer.list_topics(timeout=timeout_s)
    except KafkaException as error:
        raise ReadError(f"cannot reach Kafka: {error.args[0].str()}") from error
    plans = []
    for name in topics:
        described = metadata.topics.get(name)
        if described is None or described.error is not None:
            plans.append(TopicPlan(name, exists=False))
            continue
        plan = TopicPlan(name, exists=True)
        for partition in sorted(described.partitions):
            low, high = consumer.get_watermark_offsets(
                TopicPartition(name, partition), timeout=timeout_s, cached=False
            )
            plan.ranges[partition] = (low, high)
        plans.append(plan)
    return plans


def read_planned(
    consumer: Consumer,
    plans: list[TopicPlan],
    stall_timeout_s: float,
    on_batch: Callable[[], None] = lambda: None,
) -> Iterator[Record]:
    """Yields every planned message once, in offset order per partition, then returns."""
    ends = {(p.name, part): high for p in plans for part, (low, high) in p.ranges.items() if high > low}
    by_name = {p.name: p for p in plans}
    if not ends:
        return
    consumer.assign(
        [TopicPartition(p.name, part, low) for p in plans for part, (low, high) in p.ranges.items() if high > low]
    )
    last_progress = time.monotonic()
    while ends:
        messages = consumer.consume(num_messages=BATCH, timeout=0.5)
        if not messages and time.monotonic() - last_progress > stall_timeout_s:
            waiting = ", ".join(f"{t}[{p}]" for t, p in sorted(ends))
            raise ReadError(f"no progress for {stall_timeout_s:.0f} s while reading {waiting}")
        for message in messages:
            where = (message.topic(), message.partition())
            error = message.error()
            if error is not None:
                if error.code() == KafkaError._PARTITION_EOF:
                    ends.pop(where, None)
                elif error.fatal():
                    raise ReadError(f"reading {where[0]}[{where[1]}]: {error.str()}")
                else:
                    # librdkafka retries by itself; a lasting failure ends as a stall below.
                    LOG.warning("reading %s[%s]: %s", where[0], where[1], error.str())
                continue
            end = ends.get(where)
            if end is None or message.offset() >= end:
                ends.pop(where, None)
                continue
            last_progress = time.monotonic()
            by_name[where[0]].read += 1
            yield Record(where[0], where[1], message.offset(), message.key(), message.value())
            if message.offset() >= end - 1:
                ends.pop(where, None)
        on_batch()
