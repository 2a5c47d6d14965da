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

  constructor(schema: string) {
    this.posts = `${ident(schema)}.posts`;
    this.likes = `${ident(schema)}.post_likes`;
  }

  /** Reads and locks a post for the rest of the transaction: commands on one post run one at a time. */
  async lock(tx: Queryable, postId: string): Promise<PostState | null> {
    const { rows } = await tx.query<Row>({
      name: `${this.posts}:lock`,
      text: `SELECT * FROM ${this.posts} WHERE id = $1 FOR UPDATE`,
      values: [postId],
    });
    return rows[0] ? toState(rows[0]) : null;
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
