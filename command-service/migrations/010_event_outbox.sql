-- The relay's work queue, kept apart from the log: the position of each event not yet published. Before,
-- the relay stamped `published_at` on the log's row: as an index named the column, each stamp wrote a
-- whole new copy of the row (its data included) with a new entry in every index of the log, and left a
-- dead row behind for vacuum, one per event. Now the log is written once, and publishing an event
-- deletes one small row here.
--
-- Rows come from a trigger on the log, so every append (whatever code wrote it, in whatever statement)
-- is queued in its own transaction; one trigger call per statement, not per event.
CREATE TABLE {{schema}}.event_outbox (
  position bigint PRIMARY KEY
);

INSERT INTO {{schema}}.event_outbox (position)
  SELECT position FROM {{schema}}.event_log WHERE published_at IS NULL;

CREATE FUNCTION {{schema}}.event_log_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO {{schema}}.event_outbox (position) SELECT position FROM appended;
  RETURN NULL;
END $$;

CREATE TRIGGER event_log_outbox
  AFTER INSERT ON {{schema}}.event_log
  REFERENCING NEW TABLE AS appended
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.event_log_enqueue();

DROP INDEX {{schema}}.event_log_unpublished;
ALTER TABLE {{schema}}.event_log DROP COLUMN published_at;

-- Nothing updates the log any more.
CREATE OR REPLACE FUNCTION {{schema}}.event_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'event_log is append-only';
  END IF;
  RAISE EXCEPTION 'event_log rows are immutable';
END $$;
