-- Tables shaped like the write side's for a like (the post row, the like row, the log and its
-- outbox), in a scratch schema `gc` of their own.
DROP SCHEMA IF EXISTS gc CASCADE; CREATE SCHEMA gc;
CREATE TABLE gc.posts (id int PRIMARY KEY, likes_count int NOT NULL DEFAULT 0, version int NOT NULL DEFAULT 1, author_id int, visibility text DEFAULT 'public');
CREATE TABLE gc.post_likes (post_id int, user_id int, PRIMARY KEY (post_id, user_id));
CREATE TABLE gc.event_log (position bigserial PRIMARY KEY, stream_id text NOT NULL, stream_version int NOT NULL, type text, data jsonb, metadata jsonb, occurred_at timestamptz DEFAULT now(), UNIQUE (stream_id, stream_version));
CREATE TABLE gc.event_outbox (position bigint PRIMARY KEY);
INSERT INTO gc.posts (id, author_id) SELECT g, g FROM generate_series(1,100) g;
