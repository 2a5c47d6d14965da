-- Notifications the same whatever order the topics are read in (a rebuild reads each topic at its own
-- pace): what a person wanted, knew and had read is kept with the time it held from, and each
-- notification is judged as of its own time.

-- Skills and role words with the time each held from, and until (NULL: still).
ALTER TABLE {{schema}}.alert_skills
  ADD COLUMN valid_from timestamptz NOT NULL DEFAULT '-infinity',
  ADD COLUMN valid_to   timestamptz;
ALTER TABLE {{schema}}.alert_skills DROP CONSTRAINT alert_skills_pkey,
  ADD PRIMARY KEY (skill_key, user_id, valid_from);
ALTER TABLE {{schema}}.alert_roles
  ADD COLUMN valid_from timestamptz NOT NULL DEFAULT '-infinity',
  ADD COLUMN valid_to   timestamptz;
ALTER TABLE {{schema}}.alert_roles DROP CONSTRAINT alert_roles_pkey,
  ADD PRIMARY KEY (word, user_id, role_key, valid_from);

-- The toggles and preferred work location as of each change of the user's stream.
CREATE TABLE {{schema}}.alert_settings (
  user_id             text        NOT NULL,
  stream_version      integer     NOT NULL,
  valid_from          timestamptz NOT NULL,
  connection_requests boolean     NOT NULL,
  application_updates boolean     NOT NULL,
  job_alerts          boolean     NOT NULL,
  preferred_location  text,
  PRIMARY KEY (user_id, stream_version)
);
CREATE INDEX alert_settings_as_of ON {{schema}}.alert_settings (user_id, valid_from DESC, stream_version DESC);
INSERT INTO {{schema}}.alert_settings
SELECT id, 0, '-infinity', coalesce((notification_settings ->> 'connectionRequests')::boolean, true),
       coalesce((notification_settings ->> 'applicationUpdates')::boolean, true),
       coalesce((notification_settings ->> 'jobAlerts')::boolean, true), job_preferences ->> 'preferredLocation'
  FROM {{schema}}.users;

-- What job alerts compare of each job, so a person's late-arriving change can be judged against jobs
-- posted after it.
CREATE TABLE {{schema}}.alert_jobs (
  job_id        text        PRIMARY KEY,
  employer_id   text        NOT NULL,
  posted_at     timestamptz NOT NULL,
  work_location text        NOT NULL,
  skill_keys    text[]      NOT NULL,
  title_words   text[]      NOT NULL
);
CREATE INDEX alert_jobs_posted ON {{schema}}.alert_jobs (posted_at);
INSERT INTO {{schema}}.alert_jobs
SELECT id, employer_id, posted_at, work_location, skill_names,
       ARRAY(SELECT DISTINCT t FROM regexp_split_to_table(lower(title), '[^[:alnum:]+#]+') t WHERE t <> '' ORDER BY t)
  FROM {{schema}}.jobs;

-- A notification made while its kind was turned off is kept but not shown (a later-arriving change of
-- the toggle may show it).
ALTER TABLE {{schema}}.notifications ADD COLUMN hidden boolean NOT NULL DEFAULT false;

-- Marks read as facts: a notification is read when marked at or after its time (a grouped like
-- notification that moved up since is unread again), or made at or before the person's "all read".
CREATE TABLE {{schema}}.notification_reads (
  user_id         text        NOT NULL,
  notification_id uuid        NOT NULL,
  read_at         timestamptz NOT NULL,
  PRIMARY KEY (user_id, notification_id)
);
CREATE TABLE {{schema}}.notification_read_marks (
  user_id text        PRIMARY KEY,
  up_to   timestamptz NOT NULL
);
INSERT INTO {{schema}}.notification_reads SELECT user_id, id, created_at FROM {{schema}}.notifications WHERE read;
DROP INDEX {{schema}}.notifications_user_unread;
ALTER TABLE {{schema}}.notifications DROP COLUMN read;
