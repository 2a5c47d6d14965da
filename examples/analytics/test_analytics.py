"""Unit tests of the analytics example: the catalogue check, the dropping of personal fields, the
idempotent load and the views, on envelopes built here against the committed catalogue.

    python -m unittest discover -s examples/analytics

(e2e/analytics.int.test.ts runs them in npm test.)
"""

from __future__ import annotations

import base64
import json
import os
import tempfile
import unittest
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from analytics import DEFAULT_CATALOGUE, take
from catalogue import Accepted, Invalid, Skipped, load_catalogue, without_personal_data
from kafka_reader import Record
from report import RunCounts, as_text
from warehouse import REPORT_VIEWS, Warehouse

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
TOPIC_OF = {
    "user": "careers.users",
    "job": "careers.jobs",
    "application": "careers.applications",
    "post": "careers.posts",
    "connection": "careers.connections",
}


def sealed() -> str:
    """A value shaped like a sealed one; this consumer never opens it, so its bytes do not matter."""
    return "pii1." + base64.urlsafe_b64encode(os.urandom(40)).decode().rstrip("=")


def at(hours: float) -> str:
    return (T0 + timedelta(hours=hours)).isoformat().replace("+00:00", "Z")


class Log:
    """Builds envelopes as the product writes them: per stream, versions 1, 2, ...; positions rising."""

    def __init__(self) -> None:
        self.versions: dict[str, int] = {}
        self.position = 0
        self.records: list[Record] = []

    def event(self, stream_type: str, stream_id: str, event_type: str, data: dict[str, Any], hours: float,
              schema_version: int = 1) -> dict[str, Any]:
        self.versions[stream_id] = self.versions.get(stream_id, 0) + 1
        self.position += 1
        envelope = {
            "id": str(uuid.uuid4()),
            "type": event_type,
            "schemaVersion": schema_version,
            "streamType": stream_type,
            "streamId": stream_id,
            "streamVersion": self.versions[stream_id],
            "position": self.position,
            "occurredAt": at(hours),
            "actorId": None,
            "correlationId": str(uuid.uuid4()),
            "causationId": None,
            "data": data,
        }
        self.add(envelope)
        return envelope

    def add(self, envelope: dict[str, Any]) -> None:
        topic = TOPIC_OF[envelope["streamType"]]
        value = json.dumps(envelope).encode()
        self.records.append(Record(topic, 0, len(self.records), envelope["streamId"].encode(), value))

    def register(self, account_type: str, hours: float = 0) -> str:
        user_id = str(uuid.uuid4())
        self.event("user", user_id, "UserRegistered", {
            "userId": user_id, "firstName": sealed(), "lastName": sealed(), "email": sealed(),
            "accountType": account_type, "registeredAt": at(hours),
        }, hours, schema_version=2)
        return user_id

    def post_job(self, employer: str, title: str, hours: float) -> str:
        job_id = str(uuid.uuid4())
        self.event("job", job_id, "JobPosted", job_data(job_id, employer, title, at(hours)), hours)
        return job_id

    def apply(self, job_id: str, employer: str, applicant: str, hours: float) -> dict[str, str]:
        parties = {"applicationId": str(uuid.uuid4()), "jobId": job_id, "applicantId": applicant,
                   "employerId": employer}
        self.event("application", parties["applicationId"], "ApplicationSubmitted", {
            **parties, "coverLetter": sealed(), "expectedSalary": sealed(), "resume": sealed(),
            "appliedAt": at(hours),
        }, hours, schema_version=2)
        return parties

    def move(self, parties: dict[str, str], before: str, to: str, hours: float) -> None:
        self.event("application", parties["applicationId"], "ApplicationStatusChanged",
                   {**parties, "from": before, "to": to, "changedAt": at(hours)}, hours)

    def withdraw(self, parties: dict[str, str], before: str, hours: float) -> None:
        self.event("application", parties["applicationId"], "ApplicationWithdrawn",
                   {**parties, "from": before, "withdrawnAt": at(hours)}, hours)

    def post(self, author: str, hours: float) -> str:
        post_id = str(uuid.uuid4())
        self.event("post", post_id, "PostCreated", {
            "postId": post_id, "authorId": author, "content": sealed(), "type": "text",
            "category": "Career", "visibility": "public", "tags": [], "createdAt": at(hours),
        }, hours, schema_version=2)
        self.likes = getattr(self, "likes", {})
        self.comments = getattr(self, "comments", {})
        self.likes[post_id] = 0
        self.comments[post_id] = 0
        return post_id

    def like(self, post_id: str, user: str, hours: float, unlike: bool = False) -> None:
        self.likes[post_id] += -1 if unlike else 1
        kind, when = ("PostUnliked", "unlikedAt") if unlike else ("PostLiked", "likedAt")
        self.event("post", post_id, kind, {"postId": post_id, "userId": user,
                                           "likesCount": self.likes[post_id], when: at(hours)}, hours)

    def comment(self, post_id: str, author: str, hours: float) -> str:
        self.comments[post_id] += 1
        comment_id = str(uuid.uuid4())
        self.event("post", post_id, "CommentAdded", {
            "postId": post_id, "commentId": comment_id, "authorId": author, "content": sealed(),
            "commentsCount": self.comments[post_id], "createdAt": at(hours),
        }, hours, schema_version=2)
        return comment_id


def job_data(job_id: str, employer: str, title: str, posted_at: str) -> dict[str, Any]:
    return {
        "jobId": job_id, "employerId": employer, "title": title, "description": "Build things.",
        "requirements": [], "jobType": "Full-time", "workLocation": "Remote", "experienceLevel": "Mid Level",
        "category": "Technology", "benefits": [], "applicationDeadline": None, "skills": [],
        "location": {"city": "Berlin", "state": "", "country": "Germany"},
        "salary": {"min": 70000, "max": 90000, "currency": "USD"},
        "company": {"name": "Acme", "industry": "Software", "size": None, "website": ""},
        "postedAt": posted_at,
    }


def check(envelope: dict[str, Any], topic: str | None = None, key: bytes | None = None):
    value = json.dumps(envelope).encode()
    return CATALOGUE.check(topic or TOPIC_OF[envelope["streamType"]], key, value)


def load(log: Log) -> tuple[Warehouse, RunCounts]:
    warehouse, counts = Warehouse(), RunCounts()
    for record in log.records:
        take(record, record.topic, CATALOGUE, warehouse, counts)
    warehouse.flush()
    counts.loaded, counts.duplicates = warehouse.inserted, warehouse.duplicates
    return warehouse, counts


class CatalogueCheckTest(unittest.TestCase):
    def setUp(self) -> None:
        self.log = Log()
        self.user = self.log.register("job_seeker")

    def registered(self) -> dict[str, Any]:
        return json.loads(self.log.records[0].value or b"")

    def test_accepts_a_current_event_and_names_its_message(self) -> None:
        result = check(self.registered())
        assert isinstance(result, Accepted), result
        self.assertEqual(result.spec.name, "UserRegistered")
        self.assertEqual(result.spec.personal_fields, {"firstName", "lastName", "email"})

    def test_reads_an_old_plain_version_and_drops_its_personal_values(self) -> None:
        user_id = str(uuid.uuid4())
        old = self.log.event("user", user_id, "UserRegistered", {
            "userId": user_id, "firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com",
            "accountType": "employer", "registeredAt": at(0),
        }, 0, schema_version=1)
        result = check(old)
        assert isinstance(result, Accepted), result
        self.assertEqual(result.spec.name, "UserRegistered.v1")
        data, sealed_n, plain_n = without_personal_data(old["data"], CATALOGUE.personal_fields(result.spec))
        self.assertEqual((sealed_n, plain_n), (0, 3))
        self.assertEqual(data, {**old["data"], "firstName": None, "lastName": None, "email": None})

    def test_skips_an_unknown_type_and_a_newer_version(self) -> None:
        event = self.registered()
        self.assertEqual(check({**event, "type": "UserPromoted"}, "careers.users"), Skipped("UserPromoted v2"))
        self.assertEqual(check({**event, "schemaVersion": 3}), Skipped("UserRegistered v3"))

    def test_refuses_what_breaks_the_schema(self) -> None:
        event = self.registered()
        cases: list[tuple[dict[str, Any], str]] = [
            ({**event, "data": {**event["data"], "accountType": "admin"}}, "data.accountType"),
            ({**event, "id": "not-a-uuid"}, "id"),
            ({**event, "streamVersion": 0}, "streamVersion"),
            ({**event, "data": {**event["data"], "password": "x"}}, "data"),
            ({k: v for k, v in event.items() if k != "occurredAt"}, "(envelope)"),
        ]
        for envelope, path in cases:
            with self.subTest(path=path):
                result = check(envelope)
                assert isinstance(result, Invalid), result
                self.assertTrue(any(e.startswith(f"{path}:") for e in result.errors), result.errors)

    def test_checks_formats_the_patterns_do_not_cover(self) -> None:
        # A date-time whose pattern passes but which is no date: 30 February.
        event = self.registered()
        result = check({**event, "data": {**event["data"], "registeredAt": "2026-02-30T10:00:00Z"}})
        assert isinstance(result, Invalid), result
        self.assertTrue(any(e.startswith("data.registeredAt:") for e in result.errors), result.errors)

    def test_never_echoes_a_personal_value_in_an_error(self) -> None:
        event = self.registered()
        result = check({**event, "data": {**event["data"], "email": "ada@example.com"}})
        assert isinstance(result, Invalid), result
        self.assertEqual(result.errors, ["data.email: not a sealed value (fails pattern)"])

    def test_refuses_an_event_on_another_topic_or_off_its_stream(self) -> None:
        event = self.registered()
        self.assertIsInstance(check(event, "careers.posts"), Invalid)
        self.assertEqual(check({**event, "streamId": str(uuid.uuid4())}),
                         Invalid(["streamId is not data.userId"], "UserRegistered v2"))
        self.assertEqual(check(event, key=b"someone-else"),
                         Invalid(["the Kafka key is not the streamId"], "UserRegistered v2"))

    def test_refuses_what_is_no_envelope(self) -> None:
        for value, error in [
            (b"\xff\xfe", "the value is not UTF-8 JSON (UnicodeDecodeError)"),
            (b"{not json", "the value is not UTF-8 JSON (JSONDecodeError)"),
            (b"[1, 2]", "the value is not a JSON object"),
            (b'{"type": "PostLiked"}', "type must be a string and schemaVersion an integer"),
            (None, "the message has no value"),
        ]:
            with self.subTest(value=value):
                self.assertEqual(CATALOGUE.check("careers.posts", None, value), Invalid([error]))


class WarehouseTest(unittest.TestCase):
    """A known history loaded into DuckDB, and what each view answers."""

    @classmethod
    def setUpClass(cls) -> None:
        log = cls.log = Log()
        cls.seekers = [log.register("job_seeker", 0), log.register("job_seeker", 1), log.register("job_seeker", 25)]
        cls.employers = [log.register("employer", 0.5), log.register("employer", 26)]
        eve, fay = cls.employers
        ann, ben, cy = cls.seekers
        cls.kafka = log.post_job(eve, "Kafka Engineer", 2)
        cls.design = log.post_job(fay, "Designer", 27)
        cls.quiet = log.post_job(fay, "Archivist", 27.5)
        a1 = log.apply(cls.kafka, eve, ann, 4)  # 2 h after posting
        a2 = log.apply(cls.kafka, eve, ben, 5)
        a3 = log.apply(cls.kafka, eve, cy, 6)
        a4 = log.apply(cls.design, fay, ann, 30)
        log.move(a1, "pending", "interview", 10)  # 6 h after applying
        log.move(a1, "interview", "accepted", 34)  # 24 h after the interview
        log.move(a2, "pending", "interview", 9)  # 4 h
        log.move(a2, "interview", "rejected", 12)
        log.withdraw(a3, "pending", 7)
        log.move(a4, "pending", "interview", 31)  # 1 h
        cls.p1, cls.p2, cls.p3 = log.post(ann, 3), log.post(eve, 3.5), log.post(ben, 26)
        for who in (ben, cy, eve):
            log.like(cls.p1, who, 4)
        log.like(cls.p1, eve, 4.5, unlike=True)
        log.like(cls.p2, ann, 27)
        log.comment(cls.p1, ben, 5)
        log.comment(cls.p1, ben, 5.5)
        log.comment(cls.p2, ann, 28)
        # Ben deletes his account: his comment on p1 and his post p3 go, his like on p1 is taken back.
        log.event("post", cls.p1, "CommentRemoved", {
            "postId": cls.p1, "commentId": str(uuid.uuid4()), "authorId": ben, "commentsCount": 1,
            "removedAt": at(40)}, 40)
        log.like(cls.p1, ben, 40, unlike=True)
        log.event("post", cls.p3, "PostRemoved", {"postId": cls.p3, "authorId": ben, "removedAt": at(40)}, 40)
        log.event("user", ben, "AccountDeleted", {"userId": ben, "deletedAt": at(40)}, 40)
        # At least once: the first posts' events delivered again.
        for record in list(log.records[:3]):
            log.records.append(record)
        cls.warehouse, cls.counts = load(log)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.warehouse.close()

    def view(self, name: str) -> list[dict[str, Any]]:
        order = next(order for view, _, order in REPORT_VIEWS if view == name)
        return self.warehouse.rows(name, order)[1]

    def test_loads_each_event_once_and_no_personal_value(self) -> None:
        self.assertEqual(self.counts.read, len(self.log.records))
        self.assertEqual(self.counts.duplicates, 3)
        self.assertEqual(self.counts.loaded, len(self.log.records) - 3)
        self.assertEqual(self.counts.invalid, 0)
        # 5 people x 3 names, 4 applications x 3 fields, 3 posts, 3 comments (the repeats counted again).
        self.assertEqual(self.counts.sealed, 15 + 12 + 3 + 3 + 9)
        leaked = self.warehouse.db.execute("SELECT count(*) FROM events WHERE data::VARCHAR LIKE '%pii1.%'")
        self.assertEqual(leaked.fetchone(), (0,))

    def test_loading_again_into_the_same_file_adds_nothing(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "events.duckdb")
            first = Warehouse(path)
            for record in self.log.records:
                take(record, record.topic, CATALOGUE, first, RunCounts())
            first.flush()
            first.close()
            again = Warehouse(path, batch_size=7)
            for record in self.log.records:
                take(record, record.topic, CATALOGUE, again, RunCounts())
            again.flush()
            self.assertEqual((again.inserted, again.duplicates), (0, len(self.log.records)))
            self.assertEqual(again.count(), self.counts.loaded)
            again.close()

    def test_daily_signups_by_account_type_keep_deleted_accounts_apart(self) -> None:
        self.assertEqual(self.view("daily_signups"), [
            {"day": "2026-03-02", "account_type": "employer", "signups": 1, "deleted_since": 0},
            {"day": "2026-03-02", "account_type": "job_seeker", "signups": 2, "deleted_since": 1},
            {"day": "2026-03-03", "account_type": "employer", "signups": 1, "deleted_since": 0},
            {"day": "2026-03-03", "account_type": "job_seeker", "signups": 1, "deleted_since": 0},
        ])

    def test_hiring_funnel_counts_steps_and_hours_per_job(self) -> None:
        funnel = {row["title"]: row for row in self.view("hiring_funnel")}
        self.assertEqual(list(funnel), ["Kafka Engineer", "Designer", "Archivist"])
        kafka = funnel["Kafka Engineer"]
        self.assertEqual(
            {k: kafka[k] for k in ("applications", "interviews", "accepted", "rejected", "withdrawn")},
            {"applications": 3, "interviews": 2, "accepted": 1, "rejected": 1, "withdrawn": 1},
        )
        self.assertEqual(kafka["hours_to_first_application"], 2.0)
        self.assertEqual((kafka["median_hours_to_interview"], kafka["avg_hours_to_interview"]), (5.0, 5.0))
        self.assertEqual(kafka["median_hours_interview_to_accepted"], 24.0)
        self.assertEqual(kafka["job_id"], self.kafka)
        design = funnel["Designer"]
        self.assertEqual((design["applications"], design["interviews"], design["accepted"]), (1, 1, 0))
        self.assertEqual((design["hours_to_first_application"], design["median_hours_to_interview"]), (3.0, 1.0))
        self.assertIsNone(design["median_hours_interview_to_accepted"])
        quiet = funnel["Archivist"]
        self.assertEqual((quiet["applications"], quiet["hours_to_first_application"]), (0, None))

    def test_daily_engagement_counts_removals_on_their_day(self) -> None:
        self.assertEqual(self.view("daily_engagement"), [
            {"day": "2026-03-02", "posts": 2, "likes": 3, "unlikes": 1, "comments": 2, "posts_removed": 0,
             "comments_removed": 0},
            {"day": "2026-03-03", "posts": 1, "likes": 1, "unlikes": 0, "comments": 1, "posts_removed": 0,
             "comments_removed": 0},
            {"day": "2026-03-04", "posts": 0, "likes": 0, "unlikes": 1, "comments": 0, "posts_removed": 1,
             "comments_removed": 1},
        ])

    def test_most_engaged_posts_use_the_latest_counts_and_leave_removed_posts_out(self) -> None:
        rows = self.view("most_engaged_posts")
        self.assertEqual(
            [(r["post_id"], r["likes"], r["comments"], r["engagement"]) for r in rows],
            [(self.p2, 1, 1, 2), (self.p1, 1, 1, 2)],
        )

    def test_prints_readable_tables(self) -> None:
        summary = {"catalogue": "2.0.0", "brokers": "b:9092", "topic_prefix": "", "seconds": 0.5,
                   "topics": [{"topic": "careers.users", "exists": True, "read": 9},
                              {"topic": "careers.jobs", "exists": False, "read": 0}]}
        tables = [(view, title, *self.warehouse.rows(view, order)) for view, title, order in REPORT_VIEWS]
        text = as_text(summary, self.counts, tables)
        self.assertIn("personal fields sealed: 42 values, not loaded", text)
        self.assertIn("careers.jobs: no such topic", text)
        self.assertIn("Kafka Engineer", text)
        lines = text.splitlines()
        header = lines.index("Daily sign-ups") + 1
        self.assertEqual(lines[header:header + 3], [
            "day         account type  signups  deleted since",
            "----------  ------------  -------  -------------",
            "2026-03-02  employer            1              0",
        ])
        funnel = lines.index("Hiring funnel per job") + 1
        self.assertEqual(lines[funnel].split()[:4], ["job", "title", "posted", "closed"])
        self.assertIn(f"{self.kafka[:8]}  Kafka Engineer  2026-03-02 11:00:00", lines[funnel + 2])


if __name__ == "__main__":
    unittest.main()
