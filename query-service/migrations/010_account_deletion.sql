-- Deleted accounts: the id and when, nothing else. Topics are read at their own paces, so an event of
-- another stream that involves the person (a connection request, an application, a like) may be applied
-- after their AccountDeleted; the projectors look here and write nothing of theirs again.
CREATE TABLE {{schema}}.deleted_accounts (
  user_id    text        PRIMARY KEY,
  deleted_at timestamptz NOT NULL
);

-- An account deletion removes the person's rows from every read model: these find them by person
-- where no index did.
CREATE INDEX post_comments_author ON {{schema}}.post_comments (author_id);
CREATE INDEX connection_mutuals_candidate ON {{schema}}.connection_mutuals (candidate_id);
CREATE INDEX notifications_actor ON {{schema}}.notifications (actor_id) WHERE actor_id IS NOT NULL;
CREATE INDEX notifications_post ON {{schema}}.notifications (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX notification_likers_user ON {{schema}}.notification_likers (user_id);
CREATE INDEX alert_jobs_employer ON {{schema}}.alert_jobs (employer_id);
