-- A like as the command-service writes it today: one transaction, the post locked and read, then the
-- event, its outbox row, the like and the counts in one statement.
\set p random(1, 100)
\set u random(1, 100000000)
BEGIN;
SELECT p.*, EXISTS (SELECT 1 FROM gc.post_likes l WHERE l.post_id = :p AND l.user_id = :u) FROM gc.posts p WHERE p.id = :p FOR UPDATE OF p;
WITH e AS (INSERT INTO gc.event_log (stream_id, stream_version, type, data, metadata) SELECT 'post-' || :p, version + 1, 'PostLiked', jsonb_build_object('postId', :p, 'userId', :u, 'likesCount', likes_count + 1), '{"actor":1}'::jsonb FROM gc.posts WHERE id = :p RETURNING position),
 o AS (INSERT INTO gc.event_outbox SELECT position FROM e),
 l AS (INSERT INTO gc.post_likes VALUES (:p, :u) ON CONFLICT DO NOTHING)
UPDATE gc.posts SET likes_count = likes_count + 1, version = version + 1 WHERE id = :p;
COMMIT;
