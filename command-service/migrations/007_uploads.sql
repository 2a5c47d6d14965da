-- The files the write side keeps, by the ids the server gave them: a user's current picture and resume,
-- and the copy of a resume each application keeps. Objects in the bucket are named by these ids alone
-- (`storageKeys`); one that no row here names after an hour is an orphan, which the sweeper removes
-- (an upload whose command failed, or a crash between storing a file and committing its event).
ALTER TABLE {{schema}}.users
  ADD COLUMN picture_id uuid,
  ADD COLUMN resume_id  uuid;
ALTER TABLE {{schema}}.applications
  ADD COLUMN resume_id  uuid;

-- Every id names one file of one owner; the sweeper looks ids up here.
CREATE UNIQUE INDEX users_picture_id ON {{schema}}.users (picture_id) WHERE picture_id IS NOT NULL;
CREATE UNIQUE INDEX users_resume_id ON {{schema}}.users (resume_id) WHERE resume_id IS NOT NULL;
CREATE UNIQUE INDEX applications_resume_id ON {{schema}}.applications (resume_id)
  WHERE resume_id IS NOT NULL;
