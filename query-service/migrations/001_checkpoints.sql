-- The last stream version applied per stream. Apply + checkpoint commit in one transaction, so an
-- event at or below the checkpoint is a redelivery and is skipped.
CREATE TABLE {{schema}}.stream_checkpoints (
  stream_id      text        PRIMARY KEY,
  stream_type    text        NOT NULL,
  stream_version integer     NOT NULL,
  position       bigint      NOT NULL,
  applied_at     timestamptz NOT NULL DEFAULT now()
);

-- Messages that could not be parsed as a known event: kept for inspection instead of blocking the
-- partition or vanishing silently.
CREATE TABLE {{schema}}.dead_letters (
  id          bigserial PRIMARY KEY,
  topic       text        NOT NULL,
  partition   integer     NOT NULL,
  kafka_offset text       NOT NULL,
  reason      text        NOT NULL,
  payload     text        NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
