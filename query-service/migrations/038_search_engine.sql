-- Job lists and people search move to the search engine (search-engine/, Tantivy): the jobs and
-- people models write each job's and person's document there in their batches
-- (query-service/src/projectors/jobs/search-index.ts, people/search-index.ts), and the projector fills a
-- missing index from their rows when it starts. The Postgres search rows of the jobs (migration 011),
-- the words kept for completing a word being typed (migration 020) and the directory's search document
-- (migration 027) are no longer read or written.
DROP TABLE IF EXISTS {{schema}}.job_search;
DROP TABLE IF EXISTS {{schema}}.job_words;
DROP INDEX IF EXISTS {{schema}}.people_directory_search;
ALTER TABLE {{schema}}.people_directory DROP COLUMN IF EXISTS search_document;
-- Every list of jobs, with or without text, is the engine's: the counts kept per place (migration 022)
-- were read by the lists alone. The counts per choice (migration 021) stay: the dashboard's "Available
-- Jobs" is their sum.
DROP TABLE IF EXISTS {{schema}}.job_place_counts;
-- And the indexes of the jobs that only the lists read (migrations 018, 022, 033): by choice, by
-- place, by pay. The newest-first index stays (company pages), and the skills' (recommended jobs).
DROP INDEX IF EXISTS {{schema}}.jobs_place;
DROP INDEX IF EXISTS {{schema}}.jobs_by_work_location;
DROP INDEX IF EXISTS {{schema}}.jobs_by_experience_level;
DROP INDEX IF EXISTS {{schema}}.jobs_by_job_type;
DROP INDEX IF EXISTS {{schema}}.jobs_by_pay;
