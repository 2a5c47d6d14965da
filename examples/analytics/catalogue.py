"""The event catalogue as an outside consumer reads it, and the check of one Kafka message against it.

The catalogue (docs/events/catalogue.json) is an AsyncAPI 3.0 document: one channel per topic, one
message per event type and schema version. Each message's `payload` is a JSON Schema (draft-07) of the
whole envelope, and its extensions say what JSON Schema cannot: `x-event-type` and `x-schema-version`
(which message an envelope is), `x-stream-id-field` (the `data` field that equals `streamId` and the
Kafka key), and `x-personal-data` / `x-personal-data-fields` (fields sealed per person on the wire).

Nothing here knows the product's own code: the catalogue file and the bytes on the topics are the
whole contract.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft7Validator, FormatChecker
from jsonschema.exceptions import ValidationError

# A sealed personal value: `pii1.` and the base64url of nonce, ciphertext and tag. This consumer holds
# no key and never tries to open one; it only recognises them to count and drop them.
SEALED_PREFIX = "pii1."

# How many schema errors one invalid message keeps: the first few say what is wrong.
MAX_ERRORS_PER_MESSAGE = 5

# The catalogue asks for `uuid` and `date-time` to be checked; draft-07's own checker has no `uuid`.
FORMAT_CHECKER = FormatChecker(formats=[*Draft7Validator.FORMAT_CHECKER.checkers, "uuid"])


class CatalogueError(Exception):
    """The catalogue file is missing, unreadable or not the document this consumer understands."""


@dataclass(frozen=True)
class MessageSpec:
    """One message of the catalogue: an event type at one schema version."""

    name: str
    event_type: str
    schema_version: int
    stream_type: str
    stream_id_field: str
    validator: Draft7Validator
    # The fields this version marks as personal (sealed on the wire); empty for plain old versions.
    personal_fields: frozenset[str]


@dataclass(frozen=True)
class Channel:
    """A topic and the messages it carries."""

    topic: str
    message_names: frozenset[str]


@dataclass(frozen=True)
class Accepted:
    """A valid envelope, with the catalogue message it matched."""

    envelope: dict[str, Any]
    spec: MessageSpec


@dataclass(frozen=True)
class Skipped:
    """An event type or version newer than this catalogue: a later consumer will read it."""

    label: str


@dataclass(frozen=True)
class Invalid:
    """A message that breaks the contract: not loaded."""

    errors: list[str]
    label: str = "?"


CheckResult = Accepted | Skipped | Invalid


@dataclass
class Catalogue:
    """The messages and channels of one catalogue version, indexed for checking envelopes."""

    version: str
    channels: list[Channel]
    messages: dict[tuple[str, int], MessageSpec]
    # Per event type, every field any of its versions marks personal: an old plain version's value of
    # such a field is personal data too, and is dropped like a sealed one.
    personal_by_type: dict[str, frozenset[str]] = field(default_factory=dict)

    def channel(self, topic: str) -> Channel | None:
        return next((c for c in self.channels if c.topic == topic), None)

    def latest_version(self, event_type: str) -> int | None:
        versions = [v for (t, v) in self.messages if t == event_type]
        return max(versions) if versions else None

    def check(self, topic: str, key: bytes | None, value: bytes | None) -> CheckResult:
        """Checks one message read from `topic` (the catalogue's name, without any prefix)."""
        envelope = _decode(value)
        if isinstance(envelope, Invalid):
            return envelope
        event_type, version = envelope.get("type"), envelope.get("schemaVersion")
        if not isinstance(event_type, str) or not _is_int(version):
            return Invalid(["type must be a string and schemaVersion an integer"])
        label = f"{event_type} v{version}"
        spec = self.messages.get((event_type, version))
        if spec is None:
            latest = self.latest_version(event_type)
            if latest is None or version > latest:
                return Skipped(label)
            return Invalid([f"{label} is not in the catalogue, whose versions of it stay readable"], label)
        channel = self.channel(topic)
        if channel is None or spec.name not in channel.message_names:
            return Invalid([f"{label} is not a message of the topic {topic}"], label)
        errors = [_describe(error, spec) for error in _first_errors(spec.validator, envelope)]
        if not errors:
            errors = _stream_errors(envelope, spec, key)
        return Invalid(errors, label) if errors else Accepted(envelope, spec)

    def personal_fields(self, spec: MessageSpec) -> frozenset[str]:
        return spec.personal_fields | self.personal_by_type.get(spec.event_type, frozenset())


def load_catalogue(path: Path) -> Catalogue:
    """Reads the catalogue and compiles every message's schema."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CatalogueError(f"cannot read the catalogue {path}: {error}") from error
    if not str(document.get("asyncapi", "")).startswith("3."):
        raise CatalogueError(f"{path} is not an AsyncAPI 3 document")
    components = document.get("components", {}).get("messages", {})
    messages: dict[tuple[str, int], MessageSpec] = {}
    for name, message in components.items():
        spec = _message_spec(name, message)
        messages[(spec.event_type, spec.schema_version)] = spec
    personal_by_type: dict[str, frozenset[str]] = {}
    for spec in messages.values():
        personal_by_type[spec.event_type] = personal_by_type.get(spec.event_type, frozenset()) | spec.personal_fields
    channels = [_channel(channel) for channel in document.get("channels", {}).values()]
    return Catalogue(str(document.get("info", {}).get("version", "?")), channels, messages, personal_by_type)


def without_personal_data(data: dict[str, Any], fields: frozenset[str]) -> tuple[dict[str, Any], int, int]:
    """`data` with every personal field set to null, and how many sealed and plain values went."""
    sealed = plain = 0
    kept = dict(data)
    for name in fields & kept.keys():
        value = kept[name]
        if isinstance(value, str) and value.startswith(SEALED_PREFIX):
            sealed += 1
        elif value is not None:
            plain += 1
        kept[name] = None
    return kept, sealed, plain


def _message_spec(name: str, message: dict[str, Any]) -> MessageSpec:
    payload = message.get("payload")
    try:
        Draft7Validator.check_schema(payload)
        return MessageSpec(
            name=name,
            event_type=str(message["x-event-type"]),
            schema_version=int(message["x-schema-version"]),
            stream_type=str(message["x-stream-type"]),
            stream_id_field=str(message["x-stream-id-field"]),
            validator=Draft7Validator(payload, format_checker=FORMAT_CHECKER),
            personal_fields=_marked_personal(message),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise CatalogueError(f"message {name}: {error}") from error


def _marked_personal(message: dict[str, Any]) -> frozenset[str]:
    listed = set(message.get("x-personal-data-fields", []))
    properties = message["payload"].get("properties", {}).get("data", {}).get("properties", {})
    flagged = {name for name, schema in properties.items() if schema.get("x-personal-data") is True}
    return frozenset(listed | flagged)


def _channel(channel: dict[str, Any]) -> Channel:
    names = {ref["$ref"].rsplit("/", 1)[-1] for ref in channel.get("messages", {}).values()}
    return Channel(str(channel["address"]), frozenset(names))


def _decode(value: bytes | None) -> dict[str, Any] | Invalid:
    if value is None:
        return Invalid(["the message has no value"])
    try:
        envelope = json.loads(value.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        return Invalid([f"the value is not UTF-8 JSON ({type(error).__name__})"])
    if not isinstance(envelope, dict):
        return Invalid(["the value is not a JSON object"])
    return envelope


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _first_errors(validator: Draft7Validator, envelope: dict[str, Any]) -> list[ValidationError]:
    errors = sorted(validator.iter_errors(envelope), key=lambda e: list(map(str, e.absolute_path)))
    return errors[:MAX_ERRORS_PER_MESSAGE]


def _describe(error: ValidationError, spec: MessageSpec) -> str:
    path = ".".join(str(part) for part in error.absolute_path) or "(envelope)"
    parts = list(error.absolute_path)
    # A schema error quotes the value; a personal field's value must not reach any output.
    if len(parts) >= 2 and parts[0] == "data" and parts[1] in spec.personal_fields:
        return f"{path}: not a sealed value (fails {error.validator})"
    message = error.message if len(error.message) <= 200 else f"{error.message[:197]}..."
    return f"{path}: {message}"


def _stream_errors(envelope: dict[str, Any], spec: MessageSpec, key: bytes | None) -> list[str]:
    stream_id = envelope["streamId"]
    errors = []
    if envelope["data"].get(spec.stream_id_field) != stream_id:
        errors.append(f"streamId is not data.{spec.stream_id_field}")
    if key is not None and key.decode("utf-8", "replace") != stream_id:
        errors.append("the Kafka key is not the streamId")
    return errors
