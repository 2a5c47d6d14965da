-- Links between aggregates, each kept by the read model that needs it, from the events, where until now
-- it read another model's tables: the notifications read the posts' authors and the jobs' titles, the
-- jobs read the applications to list a job's application ids, and the feed read the connections to
-- show connections-only posts. Each table below is written by its model alone and copied once here
-- from the tables it replaces (as migration 007 did), so what existed before keeps its links.

-- The notifications model: each post's author, from its PostCreated, gone with its PostRemoved or the
-- author's AccountDeleted (as the posts model keeps its rows). A like's or comment's notification goes
-- to this author.
CREATE TABLE {{schema}}.notification_post_authors (
  post_id   text PRIMARY KEY,
  author_id text NOT NULL
);
CREATE INDEX notification_post_authors_author ON {{schema}}.notification_post_authors (author_id);

-- The notifications model: what a notification about a job shows of it, from its JobPosted (a job's
-- title and company never change, and jobs are never deleted).
CREATE TABLE {{schema}}.notification_jobs (
  job_id       text PRIMARY KEY,
  title        text NOT NULL,
  company_name text
);

-- The jobs model: each job's applications, from the application events (as the applications model
-- keeps them: a submission of someone whose account is gone is not written, and their AccountDeleted
-- takes theirs away). A job shows the ids of those not withdrawn, oldest first.
CREATE TABLE {{schema}}.job_applications (
  application_id text        PRIMARY KEY,
  job_id         text        NOT NULL,
  applicant_id   text        NOT NULL,
  applied_at     timestamptz NOT NULL,
  -- pending, interview, accepted, rejected or withdrawn
  status         text        NOT NULL
);
CREATE INDEX job_applications_job ON {{schema}}.job_applications (job_id, applied_at, application_id)
  INCLUDE (status);
CREATE INDEX job_applications_applicant ON {{schema}}.job_applications (applicant_id);

-- The posts model: who is connected with whom, both ways (a row per person and accepted connection), so
-- connections-only posts are shown to the author's connections. Keyed by the connection, as two people
-- may connect, part and connect again on streams applied out of order: they are connected while any of
-- their connections is.
CREATE TABLE {{schema}}.post_links (
  user_id       text NOT NULL,
  other_id      text NOT NULL,
  connection_id text NOT NULL,
  PRIMARY KEY (user_id, other_id, connection_id)
);
CREATE INDEX post_links_other ON {{schema}}.post_links (other_id);

INSERT INTO {{schema}}.notification_post_authors (post_id, author_id)
SELECT id, author_id FROM {{schema}}.posts;

INSERT INTO {{schema}}.notification_jobs (job_id, title, company_name)
SELECT id, title, company ->> 'name' FROM {{schema}}.jobs;

INSERT INTO {{schema}}.job_applications (application_id, job_id, applicant_id, applied_at, status)
SELECT id, job_id, applicant_id, applied_at, status FROM {{schema}}.applications;

INSERT INTO {{schema}}.post_links (user_id, other_id, connection_id)
SELECT requester_id, recipient_id, id FROM {{schema}}.connections WHERE status = 'accepted'
UNION ALL
SELECT recipient_id, requester_id, id FROM {{schema}}.connections WHERE status = 'accepted';
