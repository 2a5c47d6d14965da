-- Job search moves to the search engine (search-engine/, Tantivy): the jobs model writes each job's
-- document there in its batch (query-service/src/projectors/jobs/search-index.ts), and the projector
-- fills a missing index from the jobs rows when it starts (`ensureJobsIndex`). The Postgres search
-- rows (migration 011) and the words kept for completing a word being typed (migration 020) are no
-- longer read or written.
DROP TABLE IF EXISTS {{schema}}.job_search;
DROP TABLE IF EXISTS {{schema}}.job_words;
