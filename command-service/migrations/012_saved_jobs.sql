-- Saved jobs (beyond the spec): the jobs each person keeps for later, as their JobSaved and JobUnsaved
-- events leave them. What saving needs to be decided: whether the job is on the person's list already,
-- and how many are (MAX_SAVED_JOBS). Written by the save and unsave commands with their events, each
-- holding the person's user row (FOR UPDATE), so one person's saves are decided one after another and
-- the count is right; an account's deletion removes the person's rows.
--
-- Both keys name rows that exist: a save of a person whose account is gone, or of a job that is not
-- there, cannot be written (jobs are never deleted: a closed job stays, and stays saved).
CREATE TABLE {{schema}}.saved_jobs (
  user_id   uuid        NOT NULL REFERENCES {{schema}}.users (id),
  job_id    uuid        NOT NULL REFERENCES {{schema}}.jobs (id),
  saved_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, job_id)
);
