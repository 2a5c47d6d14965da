import type { Projector } from '../projector.ts';
import { postKeys } from './keys.ts';

/**
 * Posts and comments in Postgres; who liked what in Redis sets. Counts are taken from the events
 * (the write side's count after the change), so a redelivery sets the same value again.
 */
export const postsProjector: Projector = {
  name: 'posts',
  handles: ['PostCreated', 'PostLiked', 'PostUnliked', 'CommentAdded'],
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
