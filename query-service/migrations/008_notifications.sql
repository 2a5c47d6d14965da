-- The notification centre behind the bell (beyond the spec): a read model made from the events already
-- on the topics. Names and pictures are not copied here: they are joined from users when read, so a
-- rename shows at once.

-- One row per notification. The id is derived from what the notification is about (the event that made
-- it and its recipient, or the post for grouped likes), so a redelivered event writes the same row.
CREATE TABLE {{schema}}.notifications (
  id              uuid        PRIMARY KEY,
  user_id         text        NOT NULL,
  kind            text        NOT NULL,
  -- Who did it (one person); grouped likes read theirs from notification_likers.
  actor_id        text,
  actor_count     integer     NOT NULL DEFAULT 1 CHECK (actor_count >= 0),
  -- What it is about: the ids the target and the texts need (job title and company are read from jobs).
  post_id         text,
  job_id          text,
  application_id  text,
  connection_id   text,
  status          text,
  excerpt         text,
  read            boolean     NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL
);
-- The panel's page, newest first, and the bell's count (a partial index of the unread only).
CREATE INDEX notifications_user_newest ON {{schema}}.notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread ON {{schema}}.notifications (user_id) WHERE NOT read;
-- A withdrawn, declined or accepted request takes its notification away.
CREATE INDEX notifications_connection ON {{schema}}.notifications (connection_id) WHERE connection_id IS NOT NULL;
-- A like or unlike finds its post's grouped notification.
CREATE INDEX notifications_post_likes ON {{schema}}.notifications (post_id) WHERE kind = 'post_likes';

-- Who likes a post, for its author's grouped notification: the latest few are named, all are counted,
-- and an unlike takes that person out.
CREATE TABLE {{schema}}.notification_likers (
  post_id  text        NOT NULL,
  user_id  text        NOT NULL,
  liked_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX notification_likers_latest ON {{schema}}.notification_likers (post_id, liked_at DESC, user_id);

-- Job alerts find their people through these two indexes rather than by reading every user per job.
-- Each person's skill names, lower-cased and trimmed.
CREATE TABLE {{schema}}.alert_skills (
  skill_key text NOT NULL,
  user_id   text NOT NULL,
  PRIMARY KEY (skill_key, user_id)
);
CREATE INDEX alert_skills_user ON {{schema}}.alert_skills (user_id);

-- Each person's desired roles, one row per word of each role: a role matches a job whose title holds
-- all its words (`words` says how many), so "Frontend Developer" matches "Senior Frontend Developer".
CREATE TABLE {{schema}}.alert_roles (
  word     text    NOT NULL,
  user_id  text    NOT NULL,
  role_key text    NOT NULL,
  words    integer NOT NULL CHECK (words > 0),
  PRIMARY KEY (word, user_id, role_key)
);
CREATE INDEX alert_roles_user ON {{schema}}.alert_roles (user_id);

-- People projected before this migration get the index rows the projector would have written (their
-- past events made no notifications; a rebuild from the topics makes those).
INSERT INTO {{schema}}.alert_skills (skill_key, user_id)
SELECT DISTINCT lower(btrim(s ->> 'name')), u.id FROM {{schema}}.users u, jsonb_array_elements(u.skills) s
 WHERE btrim(s ->> 'name') <> '';
INSERT INTO {{schema}}.alert_roles (word, user_id, role_key, words)
SELECT DISTINCT w.word, r.user_id, r.role_key, r.words
  FROM (SELECT u.id AS user_id, role_words.role_key,
               (SELECT count(DISTINCT x) FROM unnest(role_words.parts) x WHERE x <> '')::int AS words,
               role_words.parts
          FROM {{schema}}.users u,
               jsonb_array_elements_text(u.job_preferences -> 'roles') role,
               LATERAL (SELECT array_to_string(p, ' ') AS role_key, p AS parts
                          FROM (SELECT ARRAY(SELECT DISTINCT t FROM regexp_split_to_table(lower(role), '[^[:alnum:]+#]+') t
                                              WHERE t <> '' ORDER BY t) AS p) q) role_words) r,
       unnest(r.parts) w(word)
 WHERE r.words > 0;
