-- Jobs as GET /jobs and GET /jobs/:id show them. A job never changes after it is posted except for
-- being closed, so the search document is computed once, when the JobPosted event is applied.
CREATE TABLE {{schema}}.jobs (
  id                   text        PRIMARY KEY,
  employer_id          text        NOT NULL,
  title                text        NOT NULL,
  description          text        NOT NULL,
  requirements         jsonb       NOT NULL,
  job_type             text        NOT NULL,
  work_location        text        NOT NULL,
  experience_level     text        NOT NULL,
  category             text        NOT NULL,
  skills               jsonb       NOT NULL,
  location             jsonb       NOT NULL,
  salary               jsonb       NOT NULL,
  company              jsonb       NOT NULL,
  benefits             jsonb       NOT NULL,
  application_deadline date,
  -- open or closed; a closed job stays listed.
  status               text        NOT NULL DEFAULT 'open',
  closed_at            timestamptz,
  posted_at            timestamptz NOT NULL,
  -- The skills filter: the skill names, lower-cased.
  skill_names          text[]      NOT NULL,
  -- The location filter: city, state and country, lower-cased, one per line.
  location_text        text        NOT NULL,
  -- Title (A); skills and company name (B); description and requirements (C).
  search_document      tsvector    NOT NULL
);

-- Ranking reads the document of every match, so it is kept inline (compressed) in the row rather than
-- out of line in the TOAST table: measured on 50,000 jobs, a ranked search over the matches of one
-- common word took a quarter of the time.
ALTER TABLE {{schema}}.jobs ALTER COLUMN search_document SET STORAGE MAIN;

-- Newest first, with every filter column included: the narrow pass that finds, counts and pages a
-- list without search text reads this index alone, whatever filters are combined.
CREATE INDEX jobs_newest ON {{schema}}.jobs (posted_at DESC, id DESC)
  INCLUDE (job_type, work_location, experience_level, skill_names, location_text);
CREATE INDEX jobs_search_document ON {{schema}}.jobs USING gin (search_document);
CREATE INDEX jobs_skill_names ON {{schema}}.jobs USING gin (skill_names);
CREATE INDEX jobs_employer ON {{schema}}.jobs (employer_id, posted_at DESC);

-- One row per application, whichever topic delivered first: an application may be projected before
-- the JobPosted of its job (they travel on different topics), so nothing here refers to jobs.
CREATE TABLE {{schema}}.applications (
  id              text        PRIMARY KEY,
  job_id          text        NOT NULL,
  applicant_id    text        NOT NULL,
  employer_id     text        NOT NULL,
  cover_letter    text        NOT NULL,
  expected_salary integer,
  -- pending, interview, accepted, rejected or withdrawn
  status          text        NOT NULL,
  applied_at      timestamptz NOT NULL
);
CREATE INDEX applications_job ON {{schema}}.applications (job_id, applied_at DESC, id DESC) INCLUDE (status);
CREATE INDEX applications_applicant ON {{schema}}.applications (applicant_id, applied_at DESC, id DESC);

-- Every status an application entered, keyed by the event that entered it, so a redelivered event
-- writes the same row again instead of a second one.
CREATE TABLE {{schema}}.application_status_history (
  application_id text        NOT NULL,
  stream_version integer     NOT NULL,
  status         text        NOT NULL,
  at             timestamptz NOT NULL,
  PRIMARY KEY (application_id, stream_version)
);
