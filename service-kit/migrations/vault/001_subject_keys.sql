-- One data key per person (the subject of sealed personal fields in events), wrapped with the
-- deployment's key-encryption key. Destroying a key (account deletion) sets wrapped_key to NULL and keeps
-- the row as a tombstone, so a key is never made again for that person and readers know why a field
-- cannot be opened. Nothing else is stored here: no names, no data.
CREATE TABLE {{schema}}.subject_keys (
  subject_id   text        PRIMARY KEY,
  wrapped_key  bytea,
  created_at   timestamptz NOT NULL DEFAULT now(),
  destroyed_at timestamptz,
  CONSTRAINT subject_keys_destroyed CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
);

-- A destroyed key can never come back: no update may put a key into a tombstone.
CREATE FUNCTION {{schema}}.subject_keys_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.wrapped_key IS NULL AND NEW.wrapped_key IS NOT NULL THEN
    RAISE EXCEPTION 'a destroyed key stays destroyed';
  END IF;
  IF OLD.wrapped_key IS NOT NULL AND NEW.wrapped_key IS NOT NULL AND NEW.wrapped_key <> OLD.wrapped_key THEN
    RAISE EXCEPTION 'a key is never replaced';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER subject_keys_guard
  BEFORE UPDATE ON {{schema}}.subject_keys
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.subject_keys_guard();
