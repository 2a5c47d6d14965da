-- Posters edit their open jobs (JobEdited): the whole posting is replaced in place, on the jobs rows and
-- their search rows (jobs/project.ts), and the counts kept per choice (migration 021) and per place
-- (migration 022) move from the job's old values to its new ones. `edited_at` says when it last
-- changed, for the job page's "Edited" mark; null for a job never edited (every job before this
-- migration, as no edit event existed before it). Not indexed: nothing is found or ordered by it.
ALTER TABLE {{schema}}.jobs ADD COLUMN edited_at timestamptz;

-- The job as the applicant applied to it (ApplicationSubmitted's `job`: its card's title, type, work
-- location, place, salary and company), so that "My Applications" keeps showing what they applied to
-- after the poster edits it. Null for applications submitted before jobs could be edited (their event
-- carries none, so there is nothing to copy): their job was never edited before them, and they show the
-- job as it is now.
ALTER TABLE {{schema}}.applications ADD COLUMN job jsonb;
