-- The connections screen's lists: a person's requests by status, newest first.
CREATE INDEX connections_recipient_requested ON {{schema}}.connections (recipient_id, status, requested_at DESC);
CREATE INDEX connections_requester_requested ON {{schema}}.connections (requester_id, status, requested_at DESC);
-- Either order of the same two people is the same pair (is the pair connected through another row?).
CREATE INDEX connections_pair
  ON {{schema}}.connections (least(requester_id, recipient_id), greatest(requester_id, recipient_id));

-- People you may know, kept from events rather than worked out per request.

-- How many connections two people have in common, both ways (user_id's row names candidate_id). Kept by
-- the connections projector as edges come and go: adding the edge a-b adds one for b and each of a's
-- other connections (and the same from b's side); removing it takes them away. A pair with none has no row.
CREATE TABLE {{schema}}.connection_mutuals (
  user_id      text    NOT NULL,
  candidate_id text    NOT NULL,
  mutuals      integer NOT NULL CHECK (mutuals > 0),
  PRIMARY KEY (user_id, candidate_id)
);

-- Per person: the city suggestions compare (lower-cased, '' when none) and how many people they are
-- connected with (the "most connected" fallback for someone with no network yet).
CREATE TABLE {{schema}}.suggestion_people (
  user_id     text    PRIMARY KEY,
  city_key    text    NOT NULL DEFAULT '',
  connections integer NOT NULL DEFAULT 0 CHECK (connections >= 0)
);
CREATE INDEX suggestion_people_city ON {{schema}}.suggestion_people (city_key, connections DESC, user_id);
CREATE INDEX suggestion_people_most_connected ON {{schema}}.suggestion_people (connections DESC, user_id);

-- Each person's skill names, lower-cased: people sharing a skill are found through the first column.
CREATE TABLE {{schema}}.suggestion_skills (
  skill_key text NOT NULL,
  user_id   text NOT NULL,
  PRIMARY KEY (skill_key, user_id)
);
CREATE INDEX suggestion_skills_user ON {{schema}}.suggestion_skills (user_id);

-- What existed before this migration gets the same rows the projectors would have written.
INSERT INTO {{schema}}.suggestion_people (user_id, city_key)
SELECT id, lower(btrim(location ->> 'city')) FROM {{schema}}.users;
INSERT INTO {{schema}}.suggestion_skills (skill_key, user_id)
SELECT DISTINCT lower(btrim(s ->> 'name')), u.id FROM {{schema}}.users u, jsonb_array_elements(u.skills) s
 WHERE btrim(s ->> 'name') <> '';
CREATE TEMPORARY TABLE network_links ON COMMIT DROP AS
  WITH edges AS (
    SELECT DISTINCT least(requester_id, recipient_id) AS a, greatest(requester_id, recipient_id) AS b
      FROM {{schema}}.connections WHERE status = 'accepted'
  )
  SELECT a AS u, b AS v FROM edges UNION ALL SELECT b, a FROM edges;
INSERT INTO {{schema}}.suggestion_people (user_id, connections)
SELECT u, count(*) FROM network_links GROUP BY u
ON CONFLICT (user_id) DO UPDATE SET connections = EXCLUDED.connections;
INSERT INTO {{schema}}.connection_mutuals (user_id, candidate_id, mutuals)
SELECT x.u, y.u, count(*) FROM network_links x JOIN network_links y ON y.v = x.v AND y.u <> x.u
 GROUP BY x.u, y.u;
