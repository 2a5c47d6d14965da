import type { PostViewer } from '@careers/contracts/policies/post-access';
import { ident, type PoolClient } from '@careers/service-kit';
import type { PostState } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

interface Row {
  id: string;
  author_id: string;
  visibility: PostState['visibility'];
  likes_count: number;
  comments_count: number;
  version: number;
}

const toState = (r: Row): PostState => ({
  id: r.id,
  authorId: r.author_id,
  visibility: r.visibility,
  likesCount: r.likes_count,
  commentsCount: r.comments_count,
  version: r.version,
});

/** The only reader and writer of the posts and post_likes tables. */
export class PostStore {
  private readonly posts: string;
  private readonly likes: string;
  private readonly connections: string;

  constructor(schema: string) {
    this.posts = `${ident(schema)}.posts`;
    this.likes = `${ident(schema)}.post_likes`;
    this.connections = `${ident(schema)}.connections`;
  }

  /**
   * Reads and locks a post for the rest of the transaction (commands on one post run one at a time),
   * and how `userId` stands to its author, in the same round trip: the post rule needs both. Whether
   * they are connected is looked up only where it matters (a connections-only post of someone else).
   */
  async lock(
    tx: Queryable,
    postId: string,
    userId: string,
  ): Promise<{ post: PostState | null; viewer: PostViewer }> {
    const { rows } = await tx.query<Row & { viewer_connected: boolean }>({
      name: `${this.posts}:lock`,
      text: `SELECT p.*,
          CASE WHEN p.visibility = 'public' OR p.author_id = $2 THEN false
               ELSE EXISTS (
                 SELECT 1 FROM ${this.connections} c
                  WHERE least(c.requester_id, c.recipient_id) = least(p.author_id, $2)
                    AND greatest(c.requester_id, c.recipient_id) = greatest(p.author_id, $2)
                    AND c.status = 'accepted')
          END AS viewer_connected
         FROM ${this.posts} p WHERE p.id = $1 FOR UPDATE OF p`,
      values: [postId, userId],
    });
    const row = rows[0];
    return {
      post: row ? toState(row) : null,
      viewer: { userId, connectedToAuthor: row?.viewer_connected ?? false },
    };
  }

  /**
   * Whether `userId` likes the post. Read after `lock`, in its own statement on purpose: under READ
   * COMMITTED a statement that waited for the lock still sees the snapshot from before the wait, so a
   * like committed meanwhile would be missed.
   */
  async isLikedBy(tx: Queryable, postId: string, userId: string): Promise<boolean> {
    const { rowCount } = await tx.query({
      name: `${this.likes}:exists`,
      text: `SELECT 1 FROM ${this.likes} WHERE post_id = $1 AND user_id = $2`,
      values: [postId, userId],
    });
    return (rowCount ?? 0) > 0;
  }

  async insert(tx: Queryable, post: PostState): Promise<void> {
    await tx.query(
      `INSERT INTO ${this.posts} (id, author_id, visibility, likes_count, comments_count, version)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [post.id, post.authorId, post.visibility, post.likesCount, post.commentsCount, post.version],
    );
  }

  /** Saves the counts and version, and adds or removes the like, in one statement. */
  async saveLike(tx: Queryable, post: PostState, userId: string, liked: boolean): Promise<void> {
    const change = liked
      ? `INSERT INTO ${this.likes} (post_id, user_id) VALUES ($1, $4)`
      : `DELETE FROM ${this.likes} WHERE post_id = $1 AND user_id = $4`;
    await tx.query({
      // Prepared once per connection: the like path runs these statements more than any other.
      name: `${this.likes}:${liked ? 'like' : 'unlike'}`,
      text: `WITH change AS (${change})
       UPDATE ${this.posts} SET likes_count = $2, version = $3 WHERE id = $1`,
      values: [post.id, post.likesCount, post.version, userId],
    });
  }

  async save(tx: Queryable, post: PostState): Promise<void> {
    await tx.query(
      `UPDATE ${this.posts} SET likes_count = $2, comments_count = $3, version = $4 WHERE id = $1`,
      [post.id, post.likesCount, post.commentsCount, post.version],
    );
  }
}
