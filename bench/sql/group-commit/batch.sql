-- Sixteen likes in one transaction, set-based: the posts locked in id order, each post's likes
-- numbered onto its stream after its version, one INSERT of the events, one of the likes, one UPDATE.
BEGIN;
WITH req AS (SELECT (random()*99)::int + 1 AS p, (random()*1e8)::int AS u FROM generate_series(1,16)),
 locked AS (SELECT p.id, p.version, p.likes_count FROM gc.posts p WHERE p.id IN (SELECT p FROM req) ORDER BY p.id FOR UPDATE),
 numbered AS (SELECT r.p, r.u, row_number() OVER (PARTITION BY r.p ORDER BY r.u) AS n FROM req r),
 e AS (INSERT INTO gc.event_log (stream_id, stream_version, type, data, metadata)
       SELECT 'post-' || n.p, k.version + n.n, 'PostLiked', jsonb_build_object('postId', n.p, 'userId', n.u, 'likesCount', k.likes_count + n.n), '{"actor":1}'::jsonb
         FROM numbered n JOIN locked k ON k.id = n.p RETURNING position),
 o AS (INSERT INTO gc.event_outbox SELECT position FROM e),
 l AS (INSERT INTO gc.post_likes SELECT p, u FROM req ON CONFLICT DO NOTHING)
UPDATE gc.posts SET likes_count = likes_count + c.n, version = version + c.n FROM (SELECT p, count(*) AS n FROM req GROUP BY p) c WHERE posts.id = c.p;
COMMIT;
