-- The indexes that count a list without search text (014) no longer carry the jobs' skills.
--
-- A count that names skills is now found through the skills' GIN index and reads just the matching
-- rows (jobs/queries.ts, `counted`): testing every entry's skills in one of these indexes, which the
-- planner priced as nearly free, read all 50,000 entries of the bench's board to count the 3,829
-- Python jobs (12.4 ms for the whole list, against 3.3 ms through the GIN index). Without the skills
-- the entries are narrower, so the counts that still read these indexes (the choice filters, and the
-- location, which no index can find) read fewer pages: measured on that board, a count by location
-- alone 6.7 ms against 7.8.
DROP INDEX {{schema}}.jobs_by_work_location;
DROP INDEX {{schema}}.jobs_by_experience_level;
DROP INDEX {{schema}}.jobs_by_job_type;

CREATE INDEX jobs_by_work_location ON {{schema}}.jobs (work_location, experience_level, job_type)
  INCLUDE (location_text);
CREATE INDEX jobs_by_experience_level ON {{schema}}.jobs (experience_level, job_type)
  INCLUDE (location_text);
CREATE INDEX jobs_by_job_type ON {{schema}}.jobs (job_type, work_location)
  INCLUDE (location_text);
