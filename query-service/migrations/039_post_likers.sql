-- Who liked which post, the posts model's own (query-service/src/projectors/posts/project.ts), now kept
-- in Postgres beside the posts' counts. It was a Redis set a post (`posts:likes:<id>`): Redis appends
-- to its log every second, so a Redis killed lost its last second or two of writes after the projector
-- had committed the batch that made them, and nothing wrote them again (the batch's checkpoint was
-- past them). A like then showed as not given by the person who gave it, while the post's count had
-- it. Written in the batch's transaction, a like is now as durable as the count.
--
-- The key serves every read and write: a page's posts liked by their viewer (one probe a post), a
-- batch's likes and unlikes, and a removed post's likers. The projector moves the sets of a deployment
-- that had them into this table when it starts (posts/like-sets.ts).
CREATE TABLE {{schema}}.post_likers (
  post_id text NOT NULL,
  user_id text NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
