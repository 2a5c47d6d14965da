import type { Projector } from '../projector.ts';
import { postKeys } from './keys.ts';

/**
 * Posts and comments in Postgres; who liked what in Redis sets. Counts are taken from the events
 * (the write side's count after the change), so a redelivery sets the same value again.
 *
 * An account deletion ends the person's posts (PostRemoved), comments (CommentRemoved) and likes
 * (PostUnliked) on the posts' own streams, which may be applied before or after their AccountDeleted.
 * AccountDeleted drops whatever of theirs is here already; a removal applied later finds nothing left
 * and still sets its count; a post, comment or like of theirs applied after it (a lagging topic) is
 * always followed on its stream by the removal that takes it out again.
 */
export const postsProjector: Projector = {
  name: 'posts',
  handles: [
    'PostCreated',
    'PostLiked',
    'PostUnliked',
    'CommentAdded',
    'PostRemoved',
    'CommentRemoved',
    'AccountDeleted',
  ],
  async apply(event, { tx, schema, redis }) {
    switch (event.type) {
      case 'PostCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO ${schema}.posts (id, author_id, content, type, category, visibility, tags, tags_lower, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
          [
            d.postId,
            d.authorId,
            d.content,
            d.type,
            d.category,
            d.visibility,
            d.tags,
            d.tags.map((tag) => tag.toLowerCase()),
            d.createdAt,
          ],
        );
        return;
      }
      case 'PostLiked':
      case 'PostUnliked': {
        const d = event.data;
        await tx.query(`UPDATE ${schema}.posts SET likes_count = $2 WHERE id = $1`, [d.postId, d.likesCount]);
        if (event.type === 'PostLiked') redis.sadd(postKeys.likes(d.postId), d.userId);
        else redis.srem(postKeys.likes(d.postId), d.userId);
        return;
      }
      case 'CommentAdded': {
        const d = event.data;
        await tx.query(
          `INSERT INTO ${schema}.post_comments (id, post_id, author_id, content, created_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
          [d.commentId, d.postId, d.authorId, d.content, d.createdAt],
        );
        await tx.query(`UPDATE ${schema}.posts SET comments_count = $2 WHERE id = $1`, [
          d.postId,
          d.commentsCount,
        ]);
        return;
      }
      case 'PostRemoved': {
        const { postId } = event.data;
        await tx.query(`DELETE FROM ${schema}.post_comments WHERE post_id = $1`, [postId]);
        await tx.query(`DELETE FROM ${schema}.posts WHERE id = $1`, [postId]);
        redis.del(postKeys.likes(postId));
        return;
      }
      case 'CommentRemoved': {
        const d = event.data;
        await tx.query(`DELETE FROM ${schema}.post_comments WHERE id = $1`, [d.commentId]);
        await tx.query(`UPDATE ${schema}.posts SET comments_count = $2 WHERE id = $1`, [
          d.postId,
          d.commentsCount,
        ]);
        return;
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        const { rows } = await tx.query<{ id: string }>(
          `DELETE FROM ${schema}.posts WHERE author_id = $1 RETURNING id`,
          [userId],
        );
        const postIds = rows.map((r) => r.id);
        // Comments of others on their posts go with the posts; their own comments on others' posts go
        // here, and those posts' counts come with each CommentRemoved (a count the write side made).
        await tx.query(
          `DELETE FROM ${schema}.post_comments WHERE author_id = $1 OR post_id = ANY($2::text[])`,
          [userId, postIds],
        );
        if (postIds.length > 0) redis.del(...postIds.map(postKeys.likes));
        return;
      }
    }
  },
  async reset({ tx, schema, redis }) {
    await tx.query(`TRUNCATE ${schema}.posts, ${schema}.post_comments`);
    const prefix = redis.options.keyPrefix ?? '';
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}posts:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    } while (cursor !== '0');
  },
};
