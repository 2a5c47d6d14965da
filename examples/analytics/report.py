"""What a run prints: readable text tables, or one JSON object for machines."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

# Shorter headers for the text tables (the JSON output keeps the views' column names).
LABELS = {
    "account_type": "account type",
    "deleted_since": "deleted since",
    "job_id": "job",
    "posted_at": "posted",
    "closed_at": "closed",
    "applications": "applied",
    "hours_to_first_application": "first app h",
    "median_hours_to_interview": "interview h med",
    "avg_hours_to_interview": "avg",
    "median_hours_interview_to_accepted": "accept h med",
    "avg_hours_interview_to_accepted": "avg",
    "posts_removed": "posts removed",
    "comments_removed": "comments removed",
    "post_id": "post",
    "author_id": "author",
    "created_at": "created",
}

# Under a table whose headers need it.
NOTES = {
    "hiring_funnel": "hours (h): posting to first application, application to interview, interview to accepted",
}

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


@dataclass
class RunCounts:
    """What happened to the messages of one run."""

    read: int = 0
    loaded: int = 0
    duplicates: int = 0
    skipped: int = 0
    invalid: int = 0
    # Personal values dropped before loading: sealed ones (the current versions) and plain ones (old
    # versions written before sealing).
    sealed: int = 0
    plain_personal: int = 0
    skipped_by_label: dict[str, int] = field(default_factory=dict)
    invalid_examples: list[dict[str, Any]] = field(default_factory=list)


def as_json(summary: dict[str, Any], counts: RunCounts, views: dict[str, list[dict[str, Any]]]) -> str:
    body = {
        **summary,
        "counts": {
            "read": counts.read,
            "loaded": counts.loaded,
            "duplicates": counts.duplicates,
            "skipped": counts.skipped,
            "invalid": counts.invalid,
            "sealed": counts.sealed,
            "plain_personal": counts.plain_personal,
        },
        "skipped": counts.skipped_by_label,
        "invalid": counts.invalid_examples,
        "views": views,
    }
    return json.dumps(body, indent=2)


def as_text(
    summary: dict[str, Any],
    counts: RunCounts,
    tables: list[tuple[str, str, list[str], list[dict[str, Any]]]],
) -> str:
    lines = [
        f"Careers events, catalogue {summary['catalogue']}, brokers {summary['brokers']}"
        + (f", topic prefix {summary['topic_prefix']!r}" if summary["topic_prefix"] else ""),
    ]
    for topic in summary["topics"]:
        state = f"{topic['read']:,} events" if topic["exists"] else "no such topic"
        lines.append(f"  {topic['topic']}: {state}")
    lines.append(
        f"read {counts.read:,} in {summary['seconds']:.1f} s: {counts.loaded:,} loaded, "
        f"{counts.duplicates:,} duplicates, {counts.skipped:,} skipped (newer than this catalogue), "
        f"{counts.invalid:,} invalid"
    )
    lines.append(f"personal fields sealed: {counts.sealed:,} values, not loaded")
    if counts.plain_personal:
        lines.append(f"personal fields of old plain versions: {counts.plain_personal:,} values, not loaded")
    for label, n in sorted(counts.skipped_by_label.items()):
        lines.append(f"  skipped {label}: {n:,}")
    for example in counts.invalid_examples:
        where = f"{example['topic']}[{example['partition']}]@{example['offset']}"
        lines.append(f"  invalid {where} {example['event']}: {'; '.join(example['errors'])}")
    for view, title, columns, rows in tables:
        lines += ["", title, *table(columns, rows)]
        if view in NOTES and rows:
            lines.append(f"  {NOTES[view]}")
    return "\n".join(lines)


def table(columns: list[str], rows: list[dict[str, Any]]) -> list[str]:
    """A plain text table: numbers to the right, a dash for no value."""
    if not rows:
        return ["  (no rows)"]
    cells = [[cell(row[c]) for c in columns] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    numeric = [all(isinstance(row[c], int | float) or row[c] is None for row in rows) for c in columns]

    def line(values: list[str]) -> str:
        return "  ".join(
            v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True)
        ).rstrip()

    headers = [LABELS.get(c, c) for c in columns]
    widths = [max(w, len(h)) for w, h in zip(widths, headers, strict=True)]
    return [line(headers), line(["-" * w for w in widths]), *(line(r) for r in cells)]


def cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    text = str(value)
    # Ids to their first 8 characters, as git shortens commits: enough to tell rows apart here.
    if UUID.match(text):
        return text[:8]
    # Times to the second: the report is for reading, the JSON output keeps full precision.
    if len(text) > 19 and text[10:11] == "T":
        return text[:19].replace("T", " ")
    return text
