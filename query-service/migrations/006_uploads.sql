-- Uploaded files are named by the ids the command-service gives them; URLs are derived from the ids when
-- read (fileUrls in contracts), so no URL is stored and none goes stale.

-- The current picture. The column that held a URL never had a value (no upload route existed before).
ALTER TABLE {{schema}}.users DROP COLUMN profile_picture, ADD COLUMN picture_id text;

-- Every picture ever uploaded and whether it was since replaced or removed, so the picture route can
-- tell a retired picture (404 at once) from a fresh upload not projected yet (served from storage).
CREATE TABLE {{schema}}.user_pictures (
  picture_id  text        PRIMARY KEY,
  user_id     text        NOT NULL,
  uploaded_at timestamptz NOT NULL,
  retired     boolean     NOT NULL DEFAULT false
);
CREATE INDEX user_pictures_user ON {{schema}}.user_pictures (user_id);

-- The current resume as {resumeId, filename, size, uploadedAt}; the column never held a value before.
UPDATE {{schema}}.users SET resume = NULL;
CREATE INDEX users_resume_id ON {{schema}}.users ((resume ->> 'resumeId'));

-- The resume an application was sent with, as {resumeId, filename, size}: the command-service's own copy,
-- which outlives a later replace or removal of the applicant's resume.
ALTER TABLE {{schema}}.applications ADD COLUMN resume jsonb;
CREATE INDEX applications_resume_id ON {{schema}}.applications ((resume ->> 'resumeId'));
