-- A job list's location is matched anywhere in the job's city, state and country (`location_text`,
-- lower case), as "berlin" or "united". Until now that was a test of every job's places: the total of
-- a list with a location read an index entry per job on the board, however few were there (about
-- 12 ms on the bench's board of 50,000 for "Berlin", 2,391 jobs), and so did a search text with a
-- location, after its words.
--
-- Trigram indexes (pg_trgm, shipped with Postgres) find the places that hold a fragment without
-- reading the others. The extension is the database's, made once by whichever schema migrates first
-- (the lock keeps two from making it at once), and its operator class is named by the schema it is
-- in, so the indexes do not depend on a search path.
SELECT pg_advisory_xact_lock(hashtext('careers: extension pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- How many jobs there are at each place, per job type, work location and experience level: the total of
-- a list with a location and no search text or skills is the sum of the rows whose place holds it,
-- found through the trigram index (as job_counts is for lists without a location; migration 021). It
-- grows with the places, not the jobs: 1,786 rows for the bench's 50,000 jobs in 36 places.
--
-- Written by the jobs projector in the statement that writes the jobs, from the rows that statement
-- inserted (a redelivered JobPosted inserts none, so counts nothing); jobs are never deleted.
CREATE TABLE {{schema}}.job_place_counts (
  location_text    text    NOT NULL,
  job_type         text    NOT NULL,
  work_location    text    NOT NULL,
  experience_level text    NOT NULL,
  jobs             integer NOT NULL,
  PRIMARY KEY (location_text, job_type, work_location, experience_level)
);

INSERT INTO {{schema}}.job_place_counts (location_text, job_type, work_location, experience_level, jobs)
SELECT location_text, job_type, work_location, experience_level, count(*)
  FROM {{schema}}.jobs GROUP BY 1, 2, 3, 4;

DO $$
DECLARE
  trgm text := (SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  -- The places of the counts above; the search rows' places, which a search text's matches are
  -- intersected with in the indexes (a phrase in San Francisco is checked for in the rows that hold
  -- both its words and the place, not in every row that holds both words); and the jobs' places, for the page of a list whose place few jobs have
  -- (one nobody has no longer walks every job newest first looking for ten). The pending lists of
  -- the last two are bounded as the search documents' is (migration 016): a search reads them whole.
  EXECUTE format('CREATE INDEX job_place_counts_place ON {{schema}}.job_place_counts USING gin (location_text %s.gin_trgm_ops)', trgm);
  EXECUTE format('CREATE INDEX job_search_place ON {{schema}}.job_search USING gin (location_text %s.gin_trgm_ops) WITH (gin_pending_list_limit = 256)', trgm);
  EXECUTE format('CREATE INDEX jobs_place ON {{schema}}.jobs USING gin (location_text %s.gin_trgm_ops) WITH (gin_pending_list_limit = 256)', trgm);
END
$$;
