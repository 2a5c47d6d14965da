-- Resumes uploaded for one application only (POST /applications/resume-uploads, beyond the spec): a
-- staging table, like post_image_uploads, and no event. An upload is not a fact of the product until
-- an application names it: the apply's ApplicationSubmitted records the resume (the upload's id becomes
-- the application's resume id, its object stays where it is), and its row here is consumed in that
-- command's transaction (DELETE ... RETURNING, so a resume goes with one application only). The
-- object is stored at `storageKeys.resume(upload_id)` before the row is written. A row older than an
-- hour is deleted by the uploads sweeper with its object; until then the sweeper keeps the object.
-- An account's deletion takes its rows with it (ON DELETE CASCADE), and the sweeper the objects.
CREATE TABLE {{schema}}.application_resume_uploads (
  upload_id   uuid        PRIMARY KEY,
  owner_id    uuid        NOT NULL REFERENCES {{schema}}.users (id) ON DELETE CASCADE,
  -- Made safe (`safeResumeFilename`), as ApplicationSubmitted.resume carries it.
  filename    text        NOT NULL,
  size        integer     NOT NULL CHECK (size >= 0),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_resume_uploads_owner ON {{schema}}.application_resume_uploads (owner_id);
CREATE INDEX application_resume_uploads_uploaded ON {{schema}}.application_resume_uploads (uploaded_at);
