-- How many jobs there are of each job type, work location and experience level: the total of a
-- list without search text, skills or location is the sum of the rows its choice filters select
-- (at most 60 of them), where it was counted in an index (migration 018): every entry of the range,
-- all 50,000 for the board without filters (about 9 ms on the bench's board, the list's whole cost
-- but for its ten rows). That list is the one every visit to Find Jobs starts with, and its cached
-- reply is retired by every job posted or application made.
--
-- Written by the jobs projector in the statement that writes the jobs, from the rows that statement
-- inserted (a redelivered JobPosted inserts none, so counts nothing); jobs are never deleted (a
-- closed job stays listed).
CREATE TABLE {{schema}}.job_counts (
  job_type         text    NOT NULL,
  work_location    text    NOT NULL,
  experience_level text    NOT NULL,
  jobs             integer NOT NULL,
  PRIMARY KEY (job_type, work_location, experience_level)
);

INSERT INTO {{schema}}.job_counts (job_type, work_location, experience_level, jobs)
SELECT job_type, work_location, experience_level, count(*) FROM {{schema}}.jobs GROUP BY 1, 2, 3;
