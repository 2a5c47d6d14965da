-- The application aggregate's write-side state: who it concerns (the application rule needs the
-- applicant and the job's poster) and its status (the moves and withdrawals allowed depend on it).
CREATE TABLE {{schema}}.applications (
  id            uuid    PRIMARY KEY,
  job_id        uuid    NOT NULL REFERENCES {{schema}}.jobs (id),
  applicant_id  uuid    NOT NULL,
  employer_id   uuid    NOT NULL,
  status        text    NOT NULL
    CHECK (status IN ('pending', 'interview', 'accepted', 'rejected', 'withdrawn')),
  -- The application stream's version this row reflects; the next event is version + 1.
  version       integer NOT NULL,
  CONSTRAINT applications_not_own_job CHECK (applicant_id <> employer_id),
  -- One application per person and job, whatever the timing of the clicks: two applies that both got
  -- past the "already applied" check meet here, and the second one to insert loses.
  CONSTRAINT applications_once_per_job UNIQUE (job_id, applicant_id)
);
