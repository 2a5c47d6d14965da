-- The system of record: append-only, kept forever. Downstream read models are rebuilt from it.
CREATE TABLE {{schema}}.event_log (
  position        bigserial PRIMARY KEY,
  event_id        uuid        NOT NULL UNIQUE,
  stream_type     text        NOT NULL,
  stream_id       text        NOT NULL,
  stream_version  integer     NOT NULL CHECK (stream_version > 0),
  type            text        NOT NULL,
  schema_version  integer     NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  occurred_at     timestamptz NOT NULL,
  published_at    timestamptz,
  -- Optimistic concurrency: two writers of the same stream version cannot both commit.
  CONSTRAINT event_log_stream_version UNIQUE (stream_id, stream_version)
);

-- The relay's work queue: only unpublished rows, in position order.
CREATE INDEX event_log_unpublished ON {{schema}}.event_log (position) WHERE published_at IS NULL;

-- Append-only: updates may only stamp published_at; deletes are refused.
CREATE FUNCTION {{schema}}.event_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'event_log is append-only';
  END IF;
  IF (NEW.position, NEW.event_id, NEW.stream_id, NEW.stream_version, NEW.type, NEW.data, NEW.metadata, NEW.occurred_at)
     IS DISTINCT FROM
     (OLD.position, OLD.event_id, OLD.stream_id, OLD.stream_version, OLD.type, OLD.data, OLD.metadata, OLD.occurred_at) THEN
    RAISE EXCEPTION 'event_log rows are immutable';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER event_log_append_only
  BEFORE UPDATE OR DELETE ON {{schema}}.event_log
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.event_log_guard();
