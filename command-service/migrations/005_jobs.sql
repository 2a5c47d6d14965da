-- The job aggregate's write-side state: what closing a job and applying to it need to be decided, and
-- the part of the job an application shows, so applying answers without any read model.
CREATE TABLE {{schema}}.jobs (
  id                    uuid        PRIMARY KEY,
  employer_id           uuid        NOT NULL,
  status                text        NOT NULL CHECK (status IN ('open', 'closed')),
  -- The last day applications are taken (inclusive), or null for none.
  application_deadline  date,
  closed_at             timestamptz,
  -- title, jobType, workLocation, location, salary, company: the ApplicationJob minus its id and
  -- employer (the employer's names are read from users when needed, so a renamed poster shows their
  -- current name).
  listing               jsonb       NOT NULL,
  -- The job stream's version this row reflects; the next event is version + 1.
  version               integer     NOT NULL,
  CONSTRAINT jobs_closed_at CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
