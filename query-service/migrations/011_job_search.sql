-- What a search with text reads, apart from the jobs rows: per job only the columns that find, filter,
-- count and order it. A search that matches a third of the board visits every match to count it; here
-- a match costs a row of about 900 bytes (mostly the compressed document) instead of a whole job with
-- its description, requirements and company, and the job rows are read for the page alone.
-- Written by the jobs projector in the same statement as the job.
CREATE TABLE {{schema}}.job_search (
  id               text        PRIMARY KEY,
  posted_at        timestamptz NOT NULL,
  job_type         text        NOT NULL,
  work_location    text        NOT NULL,
  experience_level text        NOT NULL,
  skill_names      text[]      NOT NULL,
  location_text    text        NOT NULL,
  -- The title alone: whether a match is a title match, the first thing ranking looks at.
  title_document   tsvector    NOT NULL,
  -- Title (A); skills and company name (B); description and requirements (C).
  search_document  tsvector    NOT NULL
);
-- Kept inline (compressed) for the same reason as it was in jobs: ranking reads the documents.
ALTER TABLE {{schema}}.job_search ALTER COLUMN search_document SET STORAGE MAIN;
CREATE INDEX job_search_document ON {{schema}}.job_search USING gin (search_document);

INSERT INTO {{schema}}.job_search (id, posted_at, job_type, work_location, experience_level, skill_names,
  location_text, title_document, search_document)
SELECT id, posted_at, job_type, work_location, experience_level, skill_names, location_text,
       to_tsvector('english', title), search_document
  FROM {{schema}}.jobs;

-- The document lives in job_search only.
DROP INDEX {{schema}}.jobs_search_document;
ALTER TABLE {{schema}}.jobs DROP COLUMN search_document;
