-- People you may know and the home timelines keep their own copy of the network (and the timelines of
-- the posts) from the events, instead of reading the connections and posts read models' tables.

-- The suggestions model's relationships, both ways (each connection is two rows, user_id's names
-- other_id), with the status the connections read model gives them: pending, accepted, rejected,
-- withdrawn or removed. The mutual counts are worked out from the accepted ones; the pending and
-- accepted ones leave people out of someone's suggestions.
CREATE TABLE {{schema}}.suggestion_links (
  connection_id text NOT NULL,
  user_id       text NOT NULL,
  other_id      text NOT NULL,
  status        text NOT NULL,
  PRIMARY KEY (connection_id, user_id)
);
CREATE INDEX suggestion_links_user ON {{schema}}.suggestion_links (user_id, status, other_id);

-- The timelines model's accepted connections, both ways: whose timelines a post goes to, and whether a
-- pair is still connected through another relationship when one is removed.
CREATE TABLE {{schema}}.timeline_links (
  connection_id text NOT NULL,
  user_id       text NOT NULL,
  other_id      text NOT NULL,
  PRIMARY KEY (connection_id, user_id)
);
CREATE INDEX timeline_links_user ON {{schema}}.timeline_links (user_id, other_id);

-- The timelines model's posts: what a connection made or ended brings into or takes out of a timeline.
CREATE TABLE {{schema}}.timeline_posts (
  id         text        PRIMARY KEY,
  author_id  text        NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX timeline_posts_author ON {{schema}}.timeline_posts (author_id, created_at DESC, id DESC);

-- What existed before this migration gets the same rows the projectors would have written.
INSERT INTO {{schema}}.suggestion_links (connection_id, user_id, other_id, status)
SELECT id, requester_id, recipient_id, status FROM {{schema}}.connections
UNION
SELECT id, recipient_id, requester_id, status FROM {{schema}}.connections;
INSERT INTO {{schema}}.timeline_links (connection_id, user_id, other_id)
SELECT id, requester_id, recipient_id FROM {{schema}}.connections WHERE status = 'accepted'
UNION
SELECT id, recipient_id, requester_id FROM {{schema}}.connections WHERE status = 'accepted';
INSERT INTO {{schema}}.timeline_posts (id, author_id, created_at)
SELECT id, author_id, created_at FROM {{schema}}.posts;
