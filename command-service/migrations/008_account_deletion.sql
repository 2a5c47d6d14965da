-- What deleting an account needs of the write side: every row that names the person, found by index,
-- and no row of theirs able to slip in behind the deletion.

-- Who wrote which comment. The post keeps only the count; the deletion removes a person's comments one
-- by one (CommentRemoved names each, with the count after it), so the comments must be found without
-- reading the whole event log. Written by the comment command with its event.
CREATE TABLE {{schema}}.post_comments (
  comment_id  uuid        PRIMARY KEY,
  post_id     uuid        NOT NULL REFERENCES {{schema}}.posts (id),
  author_id   uuid        NOT NULL,
  added_at    timestamptz NOT NULL
);
CREATE INDEX post_comments_post ON {{schema}}.post_comments (post_id);
CREATE INDEX post_comments_author ON {{schema}}.post_comments (author_id);

-- The comments made before this table existed, from their events (ids are never sealed).
INSERT INTO {{schema}}.post_comments (comment_id, post_id, author_id, added_at)
SELECT (e.data ->> 'commentId')::uuid, (e.data ->> 'postId')::uuid, (e.data ->> 'authorId')::uuid, e.occurred_at
  FROM {{schema}}.event_log e
 WHERE e.type = 'CommentAdded'
   AND EXISTS (SELECT 1 FROM {{schema}}.posts p WHERE p.id = (e.data ->> 'postId')::uuid)
   AND NOT EXISTS (
     SELECT 1 FROM {{schema}}.event_log r
      WHERE r.type = 'CommentRemoved' AND r.stream_id = e.stream_id
        AND r.data ->> 'commentId' = e.data ->> 'commentId');

-- A like names a person who exists. The check locks the liker's row (FOR KEY SHARE) as the like is
-- written, so a like of theirs in flight during their deletion either commits before the deletion
-- reads their likes or fails once their row is gone: none is left behind. Comments, posts and
-- applications need no such key: their events are sealed with the person's key, which the deletion
-- destroys first (a command sealing for them holds the key's row until it commits).
ALTER TABLE {{schema}}.post_likes
  ADD CONSTRAINT post_likes_user FOREIGN KEY (user_id) REFERENCES {{schema}}.users (id);

-- The deletion's look-ups by person (and the foreign key's check when a user row goes).
CREATE INDEX post_likes_user_id ON {{schema}}.post_likes (user_id);
CREATE INDEX posts_author ON {{schema}}.posts (author_id);
CREATE INDEX connections_requester ON {{schema}}.connections (requester_id);
CREATE INDEX connections_recipient ON {{schema}}.connections (recipient_id);
CREATE INDEX applications_applicant ON {{schema}}.applications (applicant_id);
CREATE INDEX jobs_employer ON {{schema}}.jobs (employer_id);
