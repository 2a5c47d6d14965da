-- The whole user as GET /auth/me returns it. Names, email and job title stay columns (author summaries,
-- people search); nested parts are stored as the contracts shape them.
ALTER TABLE {{schema}}.users
  ADD COLUMN phone                 text  NOT NULL DEFAULT '',
  ADD COLUMN bio                   text  NOT NULL DEFAULT '',
  ADD COLUMN resume                jsonb,
  ADD COLUMN location              jsonb NOT NULL DEFAULT '{"city": "", "state": "", "country": ""}',
  ADD COLUMN skills                jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN job_preferences       jsonb NOT NULL,
  ADD COLUMN notification_settings jsonb NOT NULL,
  ADD COLUMN appearance_settings   jsonb NOT NULL,
  ADD COLUMN last_login_at         timestamptz;

UPDATE {{schema}}.users SET job_title = '' WHERE job_title IS NULL;
ALTER TABLE {{schema}}.users ALTER COLUMN job_title SET NOT NULL, ALTER COLUMN job_title SET DEFAULT '';
