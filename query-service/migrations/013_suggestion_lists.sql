-- People you may know, ranked ahead of the read: each person's best candidates, refreshed off the event
-- path (see projectors/suggestions/refresher.ts), so that a read is a lookup of a few rows.

-- Each person's ranked candidates (rank 1 is the best), more than a read shows, so that the people a
-- read must leave out (a request made since, a deleted account) rarely leave too few. The ranking
-- leaves out only the person and their connections: people with a request pending either way are left
-- out at read time, so a request made, declined or withdrawn needs no refresh.
CREATE TABLE {{schema}}.suggestion_lists (
  user_id      text     NOT NULL,
  rank         smallint NOT NULL,
  candidate_id text     NOT NULL,
  mutuals      integer  NOT NULL,
  PRIMARY KEY (user_id, rank)
);
-- A deleted account leaves every list it is on.
CREATE INDEX suggestion_lists_candidate ON {{schema}}.suggestion_lists (candidate_id);

-- When each person's list was ranked and how many candidates the ranking found (at most the margin).
CREATE TABLE {{schema}}.suggestion_list_state (
  user_id     text        PRIMARY KEY,
  size        smallint    NOT NULL,
  computed_at timestamptz NOT NULL
);

-- People whose list events have made stale, one row per person however often they are marked:
-- marked_at is the first mark (a person marked again and again is still refreshed), seq moves with
-- every mark (a refresh takes the row away only if no mark came after the ranking read the tables).
CREATE SEQUENCE {{schema}}.suggestion_refresh_seq;
CREATE TABLE {{schema}}.suggestion_refreshes (
  user_id   text        PRIMARY KEY,
  marked_at timestamptz NOT NULL DEFAULT now(),
  seq       bigint      NOT NULL DEFAULT nextval('{{schema}}.suggestion_refresh_seq')
);
CREATE INDEX suggestion_refreshes_marked ON {{schema}}.suggestion_refreshes (marked_at);
