-- The bell's number, kept per person, so the projector can push it without counting.
--
-- After each batch the projector pushes the unread count of everyone whose notifications changed; a
-- job alert changes hundreds of people's at once, and counting each of them read every notification
-- they had since their last "all read" (in a board nobody reads, all of them, more with every job).
-- Here each person's count moves with the statements that write their notifications: + 1 for each
-- unread, shown notification made, - 1 for each one that goes, and an update counts as both (its row as
-- it was goes, as it is comes). A notification is unread as the queries judge it (notifications/
-- queries.ts, isReadSql): not marked read on its own at or after its time, and made after the person's
-- "all read". What changes that judgement for rows already there (something marked read, an "all
-- read") does not move the count: it makes it unknown, and the projector counts that person once,
-- next time it needs the number, and keeps it known again from there.
--
-- Concurrent writers stay exact: every write of a person's notifications upserts their row here (so it
-- waits for a transaction that holds it), and the projector locks a person's row before it counts them,
-- counting in a later statement: whatever it cannot see yet moves the row after it.
CREATE TABLE {{schema}}.notification_unread_counts (
  user_id text    PRIMARY KEY,
  unread  integer NOT NULL,
  known   boolean NOT NULL
) WITH (fillfactor = 70);

-- Whether a notification as given is unread and shown: isReadSql turned around, for the rows of a
-- statement (the count test of the notifications projector holds the two to the same answers).
CREATE FUNCTION {{schema}}.notification_unread(n_user text, n_id uuid, n_hidden boolean, n_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT n_hidden
     AND NOT EXISTS (SELECT 1 FROM {{schema}}.notification_reads r
                      WHERE r.user_id = n_user AND r.notification_id = n_id AND r.read_at >= n_at)
     AND NOT coalesce((SELECT m.up_to FROM {{schema}}.notification_read_marks m WHERE m.user_id = n_user) >= n_at,
                      false)
$$;

-- Every person whose rows the statement changed takes their row, also where their count stays as it was
-- (see above): made rows count + 1, rows gone - 1, an update both.
CREATE FUNCTION {{schema}}.notification_unread_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO {{schema}}.notification_unread_counts AS c (user_id, unread, known)
    SELECT n.user_id, count(*) FILTER (WHERE {{schema}}.notification_unread(n.user_id, n.id, n.hidden, n.created_at))::int,
           false
      FROM new_rows n GROUP BY n.user_id ORDER BY n.user_id
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO {{schema}}.notification_unread_counts AS c (user_id, unread, known)
    SELECT o.user_id, - count(*) FILTER (WHERE {{schema}}.notification_unread(o.user_id, o.id, o.hidden, o.created_at))::int,
           false
      FROM old_rows o GROUP BY o.user_id ORDER BY o.user_id
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread;
  ELSE
    INSERT INTO {{schema}}.notification_unread_counts AS c (user_id, unread, known)
    SELECT x.user_id, coalesce(sum(x.d) FILTER (WHERE {{schema}}.notification_unread(x.user_id, x.id, x.hidden, x.created_at)), 0)::int,
           false
      FROM (SELECT n.user_id, n.id, n.hidden, n.created_at, 1 AS d FROM new_rows n
            UNION ALL
            SELECT o.user_id, o.id, o.hidden, o.created_at, -1 FROM old_rows o) x
     GROUP BY x.user_id ORDER BY x.user_id
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_made AFTER INSERT ON {{schema}}.notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_moved();
CREATE TRIGGER notifications_changed AFTER UPDATE ON {{schema}}.notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_moved();
CREATE TRIGGER notifications_gone AFTER DELETE ON {{schema}}.notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_moved();

-- Something marked read, or an "all read": the person's count is counted again when next needed.
CREATE FUNCTION {{schema}}.notification_unread_unknown() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO {{schema}}.notification_unread_counts AS c (user_id, unread, known)
    SELECT DISTINCT o.user_id, 0, false FROM old_rows o ORDER BY o.user_id
    ON CONFLICT (user_id) DO UPDATE SET known = false;
  ELSE
    INSERT INTO {{schema}}.notification_unread_counts AS c (user_id, unread, known)
    SELECT DISTINCT n.user_id, 0, false FROM new_rows n ORDER BY n.user_id
    ON CONFLICT (user_id) DO UPDATE SET known = false;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER notification_reads_made AFTER INSERT ON {{schema}}.notification_reads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_unknown();
CREATE TRIGGER notification_reads_changed AFTER UPDATE ON {{schema}}.notification_reads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_unknown();
CREATE TRIGGER notification_reads_gone AFTER DELETE ON {{schema}}.notification_reads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_unknown();
CREATE TRIGGER notification_read_marks_made AFTER INSERT ON {{schema}}.notification_read_marks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_unknown();
CREATE TRIGGER notification_read_marks_changed AFTER UPDATE ON {{schema}}.notification_read_marks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_unknown();
CREATE TRIGGER notification_read_marks_gone AFTER DELETE ON {{schema}}.notification_read_marks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_unknown();
