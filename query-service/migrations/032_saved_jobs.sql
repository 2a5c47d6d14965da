-- The saved-jobs model (query-service/src/projectors/saved-jobs/): the jobs each person saved for later,
-- from their JobSaved (a row, or its time set anew) and JobUnsaved (the row gone), all gone at their
-- AccountDeleted. It keeps the job's id alone: GET /api/jobs/my/saved asks the jobs model for the jobs
-- as they are now (a saved job that closed stays, and says so). No event of these types existed before
-- this migration, so there is nothing to copy.
--
-- A person's rows are found by the key's first column and ordered newest first in memory: the write
-- side keeps at most MAX_SAVED_JOBS (500) saved at once.
CREATE TABLE {{schema}}.saved_jobs (
  user_id  text        NOT NULL,
  job_id   text        NOT NULL,
  saved_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, job_id)
);
