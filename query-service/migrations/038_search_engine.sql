-- Job search and people search move to the search engine (search-engine/, Tantivy): the jobs and
-- people models write each job's and person's document there in their batches
-- (query-service/src/projectors/jobs/search-index.ts, people/search-index.ts), and the projector fills a
-- missing index from their rows when it starts. The Postgres search rows of the jobs (migration 011),
-- the words kept for completing a word being typed (migration 020) and the directory's search document
-- (migration 027) are no longer read or written.
DROP TABLE IF EXISTS {{schema}}.job_search;
DROP TABLE IF EXISTS {{schema}}.job_words;
DROP INDEX IF EXISTS {{schema}}.people_directory_search;
ALTER TABLE {{schema}}.people_directory DROP COLUMN IF EXISTS search_document;
