-- The questions the analytics example answers, as views over the `events` table. Every figure is
-- computed from the events alone; days are UTC days (the warehouse session runs in UTC). Personal
-- fields are null in `events.data`: nothing here needs them.

-- Sign-ups per day and account type. A sign-up stays a sign-up of its day when the person later
-- deletes their account; `deleted_since` says how many of them have.
CREATE OR REPLACE VIEW daily_signups AS
WITH registered AS (
  SELECT DISTINCT data->>'userId' AS user_id, data->>'accountType' AS account_type,
         CAST(occurred_at AS DATE) AS day
  FROM events WHERE type = 'UserRegistered'
), deleted AS (
  SELECT DISTINCT data->>'userId' AS user_id FROM events WHERE type = 'AccountDeleted'
)
SELECT r.day, r.account_type, count(*) AS signups, count(d.user_id) AS deleted_since
FROM registered r LEFT JOIN deleted d USING (user_id)
GROUP BY r.day, r.account_type;

-- One row per application: when it reached each step, and where it stands now (the status after its
-- latest event; a withdrawal is a status of its own).
CREATE OR REPLACE VIEW application_steps AS
WITH submitted AS (
  SELECT data->>'applicationId' AS application_id, data->>'jobId' AS job_id,
         CAST(data->>'appliedAt' AS TIMESTAMPTZ) AS applied_at
  FROM events WHERE type = 'ApplicationSubmitted'
), moves AS (
  SELECT stream_id AS application_id, stream_version,
         CASE type WHEN 'ApplicationWithdrawn' THEN 'withdrawn' ELSE data->>'to' END AS status,
         CAST(COALESCE(data->>'changedAt', data->>'withdrawnAt') AS TIMESTAMPTZ) AS at
  FROM events WHERE type IN ('ApplicationStatusChanged', 'ApplicationWithdrawn')
)
SELECT s.application_id, s.job_id, s.applied_at,
       min(m.at) FILTER (WHERE m.status = 'interview') AS interview_at,
       min(m.at) FILTER (WHERE m.status = 'accepted') AS accepted_at,
       COALESCE(arg_max(m.status, m.stream_version), 'pending') AS status
FROM submitted s LEFT JOIN moves m USING (application_id)
GROUP BY s.application_id, s.job_id, s.applied_at;

-- The hiring funnel per job: applications, how many reached an interview, where they stand now, and
-- the hours between the steps (the first application after posting; per application, submitted to
-- interview and interview to accepted). A job's title is not personal data; a job whose poster left
-- stays here, closed, because its hiring happened.
CREATE OR REPLACE VIEW hiring_funnel AS
WITH jobs AS (
  SELECT data->>'jobId' AS job_id, data->>'title' AS title,
         CAST(data->>'postedAt' AS TIMESTAMPTZ) AS posted_at
  FROM events WHERE type = 'JobPosted'
), closed AS (
  SELECT stream_id AS job_id, min(CAST(data->>'closedAt' AS TIMESTAMPTZ)) AS closed_at
  FROM events WHERE type = 'JobClosed' GROUP BY stream_id
), hours AS (
  SELECT a.*,
         date_diff('millisecond', a.applied_at, a.interview_at) / 3600000.0 AS to_interview,
         date_diff('millisecond', a.interview_at, a.accepted_at) / 3600000.0 AS to_accepted
  FROM application_steps a
)
SELECT j.job_id, j.title, j.posted_at, c.closed_at,
       count(h.application_id) AS applications,
       count(h.interview_at) AS interviews,
       count(*) FILTER (WHERE h.status = 'accepted') AS accepted,
       count(*) FILTER (WHERE h.status = 'rejected') AS rejected,
       count(*) FILTER (WHERE h.status = 'withdrawn') AS withdrawn,
       round(date_diff('millisecond', j.posted_at, min(h.applied_at)) / 3600000.0, 2)
         AS hours_to_first_application,
       round(median(h.to_interview), 2) AS median_hours_to_interview,
       round(avg(h.to_interview), 2) AS avg_hours_to_interview,
       round(median(h.to_accepted), 2) AS median_hours_interview_to_accepted,
       round(avg(h.to_accepted), 2) AS avg_hours_interview_to_accepted
FROM jobs j
LEFT JOIN hours h USING (job_id)
LEFT JOIN closed c USING (job_id)
GROUP BY j.job_id, j.title, j.posted_at, c.closed_at;

-- Feed activity per day. Removals (a post or comment gone with its author's account) are counted on
-- the day they happened, so the days before keep what people did then.
CREATE OR REPLACE VIEW daily_engagement AS
SELECT CAST(occurred_at AS DATE) AS day,
       count(*) FILTER (WHERE type = 'PostCreated') AS posts,
       count(*) FILTER (WHERE type = 'PostLiked') AS likes,
       count(*) FILTER (WHERE type = 'PostUnliked') AS unlikes,
       count(*) FILTER (WHERE type = 'CommentAdded') AS comments,
       count(*) FILTER (WHERE type = 'PostRemoved') AS posts_removed,
       count(*) FILTER (WHERE type = 'CommentRemoved') AS comments_removed
FROM events
WHERE stream_type = 'post'
GROUP BY CAST(occurred_at AS DATE);

-- Every post with its likes and comments now: the counts of the latest event of its stream that
-- carries them (events carry the count after the change), and whether it was removed.
CREATE OR REPLACE VIEW post_engagement AS
WITH created AS (
  SELECT stream_id AS post_id, data->>'authorId' AS author_id, occurred_at AS created_at
  FROM events WHERE type = 'PostCreated'
), likes AS (
  SELECT stream_id AS post_id, arg_max(CAST(data->>'likesCount' AS BIGINT), stream_version) AS likes
  FROM events WHERE type IN ('PostLiked', 'PostUnliked') GROUP BY stream_id
), comments AS (
  SELECT stream_id AS post_id, arg_max(CAST(data->>'commentsCount' AS BIGINT), stream_version) AS comments
  FROM events WHERE type IN ('CommentAdded', 'CommentRemoved') GROUP BY stream_id
), removed AS (
  SELECT DISTINCT stream_id AS post_id FROM events WHERE type = 'PostRemoved'
)
SELECT c.post_id, c.author_id, c.created_at,
       COALESCE(l.likes, 0) AS likes, COALESCE(m.comments, 0) AS comments,
       r.post_id IS NOT NULL AS removed
FROM created c
LEFT JOIN likes l USING (post_id)
LEFT JOIN comments m USING (post_id)
LEFT JOIN removed r USING (post_id);

-- The ten most engaged posts still on the feed (a removed post leaves the list).
CREATE OR REPLACE VIEW most_engaged_posts AS
SELECT post_id, author_id, created_at, likes, comments, likes + comments AS engagement
FROM post_engagement
WHERE NOT removed
ORDER BY engagement DESC, likes DESC, created_at DESC, post_id
LIMIT 10;
