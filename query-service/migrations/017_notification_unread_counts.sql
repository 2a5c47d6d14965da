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
-- A rebuild keeps no counts (its runner sets careers.replaying in each of its transactions): it starts
-- from none, and each is counted when first needed after it.
--
-- Concurrent writers stay exact: every write of a person's notifications upserts their row here (so it
-- waits for a transaction that holds it), and the projector locks a person's row before it counts them,
-- counting in a later statement: whatever it cannot see yet moves the row after it.
CREATE TABLE {{schema}}.notification_unread_counts (
  user_id text    PRIMARY KEY,
  unread  integer NOT NULL,
  known   boolean NOT NULL
) WITH (fillfactor = 70);

-- On the notifications: every person whose rows the statement changed takes their row, also where their
-- count stays as it was (see above): made rows count + 1, rows gone - 1, an update both. Whether a row
-- is unread and shown is isReadSql turned around (the count test of the notifications projector holds
-- the two to the same answers), as joins rather than a function per row (a function with subqueries is
-- called row by row: that doubled the cost of a job alert's insert for 726 people).
-- On what was marked read (one by one, or all): the person's count is counted again when next needed.
CREATE FUNCTION {{schema}}.notification_unread_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('careers.replaying', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME <> 'notifications' THEN
    EXECUTE format($sql$
      INSERT INTO {{schema}}.notification_unread_counts AS c (user_id, unread, known)
      SELECT DISTINCT user_id, 0, false FROM %I ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET known = false$sql$,
      CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END);
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO {{schema}}.notification_unread_counts AS c (user_id, unread, known)
    SELECT x.user_id, coalesce(sum(x.d) FILTER (WHERE NOT x.hidden AND r.user_id IS NULL
                                                  AND NOT coalesce(m.up_to >= x.created_at, false)), 0)::int,
           false
      FROM (%s) x
      LEFT JOIN {{schema}}.notification_reads r
        ON r.user_id = x.user_id AND r.notification_id = x.id AND r.read_at >= x.created_at
      LEFT JOIN {{schema}}.notification_read_marks m ON m.user_id = x.user_id
     GROUP BY x.user_id ORDER BY x.user_id
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread$sql$,
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT user_id, id, hidden, created_at, 1 AS d FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT user_id, id, hidden, created_at, -1 AS d FROM old_rows'
      ELSE 'SELECT user_id, id, hidden, created_at, 1 AS d FROM new_rows
            UNION ALL SELECT user_id, id, hidden, created_at, -1 FROM old_rows'
    END);
  RETURN NULL;
END $$;

-- The same three triggers on each of the tables a count depends on.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['notifications', 'notification_reads', 'notification_read_marks'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_made AFTER INSERT ON {{schema}}.%1$I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_moved()', t);
    EXECUTE format('CREATE TRIGGER %1$s_changed AFTER UPDATE ON {{schema}}.%1$I
                    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_moved()', t);
    EXECUTE format('CREATE TRIGGER %1$s_gone AFTER DELETE ON {{schema}}.%1$I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.notification_unread_moved()', t);
  END LOOP;
END $$;
