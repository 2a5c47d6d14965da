-- Recommended jobs over the whole catalogue: the jobs model ranks its open jobs for a reader by the
-- skills they share, then by the reader's job preferences (query-service/src/projectors/jobs/
-- recommend.ts). It keeps what it needs of each person on the cards it already keeps of posters
-- (job_people, people-cards.ts), from the same user events: skills, location and job preferences.
ALTER TABLE {{schema}}.job_people
  ADD COLUMN skills          jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN location        jsonb NOT NULL DEFAULT '{"city": "", "state": "", "country": ""}',
  ADD COLUMN job_preferences jsonb NOT NULL
    DEFAULT '{"roles": [], "preferredLocation": null, "salaryExpectation": {"min": null, "max": null, "currency": "USD"}}';

-- What existed before this migration gets the values the projector would have written, once.
UPDATE {{schema}}.job_people p
   SET skills = u.skills, location = u.location, job_preferences = u.job_preferences
  FROM {{schema}}.users u
 WHERE u.id = p.id;

