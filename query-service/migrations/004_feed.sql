-- Who is connected with whom: the feed's visibility and following rules read it.
CREATE TABLE {{schema}}.connections (
  id            text        PRIMARY KEY,
  requester_id  text        NOT NULL,
  recipient_id  text        NOT NULL,
  -- pending, accepted, rejected or removed
  status        text        NOT NULL,
  requested_at  timestamptz NOT NULL,
  responded_at  timestamptz
);
CREATE INDEX connections_requester ON {{schema}}.connections (requester_id, status);
CREATE INDEX connections_recipient ON {{schema}}.connections (recipient_id, status);

-- Tag filters match without regard to case.
ALTER TABLE {{schema}}.posts ADD COLUMN tags_lower text[] NOT NULL DEFAULT '{}';
UPDATE {{schema}}.posts SET tags_lower = (SELECT coalesce(array_agg(lower(t)), '{}') FROM unnest(tags) t);
CREATE INDEX posts_tags_lower ON {{schema}}.posts USING gin (tags_lower);
