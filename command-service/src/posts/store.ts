import { authMessages } from '@careers/contracts/messages';
import type { PostViewer } from '@careers/contracts/policies/post-access';
import { ident, type PoolClient, preparedName } from '@careers/service-kit';
import { type AlongsideWrite, writeAlone } from '../event-log/event-store.ts';
import { refuse } from '../pipeline/domain-error.ts';
import type { CommentState, PostState } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

interface Row {
  id: string;
  author_id: string;
  visibility: PostState['visibility'];
  likes_count: number;
  comments_count: number;
  version: number;
  given_tags: string[];
  image_ids: string[];
}

const toState = (r: Row): PostState => ({
  id: r.id,
  authorId: r.author_id,
  visibility: r.visibility,
  likesCount: r.likes_count,
  commentsCount: r.comments_count,
  version: r.version,
});

/** A comment as the write side keeps it: enough to remove it and count what is left. */
export interface CommentRecord {
  postId: string;
  commentId: string;
}

/**
 * A like names an existing person (`post_likes_user`): the liker's account was deleted while the like
 * was on its way. The like is refused as the session it came with is: signed out.
 */
function refuseLikeOfGoneUser(error: unknown): never {
  if ((error as { constraint?: string }).constraint === 'post_likes_user') {
    throw refuse.unauthenticated(authMessages.signInRequired);
  }
  throw error;
}

/** The only reader and writer of the posts, post_likes and post_comments tables. */
export class PostStore {
  private readonly posts: string;
  private readonly likes: string;
  private readonly comments: string;
  private readonly connections: string;

  constructor(schema: string) {
    this.posts = `${ident(schema)}.posts`;
    this.likes = `${ident(schema)}.post_likes`;
    this.comments = `${ident(schema)}.post_comments`;
    this.connections = `${ident(schema)}.connections`;
  }

  /**
   * Reads and locks a post for the rest of the transaction (commands on one post run one at a time),
   * and how `userId` stands to its author, in the same round trip: the post rule needs both. Whether
   * they are connected is looked up only where it matters (a connections-only post of someone else).
   *
   * `withLike` also reads whether `userId` likes the post, in the same round trip when it can be
   * trusted. Under READ COMMITTED a statement that waited for the lock still reads other rows as of
   * its start, so a like committed meanwhile would be missed; but every change to a post's likes
   * commits with a new version of the post, so when the version locked is the version the statement
   * started on, nothing changed in between. Otherwise `likedAlready` is null: ask `isLikedBy`.
   */
  async lock(
    tx: Queryable,
    postId: string,
    userId: string,
    withLike = false,
  ): Promise<{
    post: PostState | null;
    viewer: PostViewer;
    likedAlready: boolean | null;
    /** The post's given tags and pictures (for an edit's tags, and a removal's objects). */
    givenTags: string[];
    imageIds: string[];
  }> {
    const like = withLike
      ? `,
          (SELECT s.version FROM ${this.posts} s WHERE s.id = $1) AS version_at_start,
          EXISTS (SELECT 1 FROM ${this.likes} l WHERE l.post_id = $1 AND l.user_id = $2) AS liked_at_start`
      : '';
    const { rows } = await tx.query<
      Row & { viewer_connected: boolean; version_at_start?: number; liked_at_start?: boolean }
    >({
      name: preparedName(`${this.posts}:lock${withLike ? ':like' : ''}`),
      text: `SELECT p.*,
          CASE WHEN p.visibility = 'public' OR p.author_id = $2 THEN false
               ELSE EXISTS (
                 SELECT 1 FROM ${this.connections} c
                  WHERE least(c.requester_id, c.recipient_id) = least(p.author_id, $2)
                    AND greatest(c.requester_id, c.recipient_id) = greatest(p.author_id, $2)
                    AND c.status = 'accepted')
          END AS viewer_connected${like}
         FROM ${this.posts} p WHERE p.id = $1 FOR UPDATE OF p`,
      values: [postId, userId],
    });
    const row = rows[0];
    const unchanged = row !== undefined && row.version_at_start === row.version;
    return {
      post: row ? toState(row) : null,
      viewer: { userId, connectedToAuthor: row?.viewer_connected ?? false },
      likedAlready: withLike && unchanged ? (row.liked_at_start ?? null) : null,
      givenTags: row?.given_tags ?? [],
      imageIds: row?.image_ids ?? [],
    };
  }

  /**
   * `lock(..., withLike)` for a group of likes and comments (`post-group.ts`) in one statement: the
   * posts locked in id order (two groups, or a group and an account deletion, never wait on each other
   * in a circle), and for each (post, person) pair, in the order given, the post, how the person stands
   * to its author and whether they like it. `likedAlready` is null where the post changed while its
   * lock was awaited (see `lock`): ask `likedPairs`.
   */
  async lockMany(
    tx: Queryable,
    pairs: readonly { postId: string; userId: string }[],
  ): Promise<{ post: PostState | null; viewer: PostViewer; likedAlready: boolean | null }[]> {
    const { rows } = await tx.query<
      Row & { i: string; viewer_connected: boolean; version_at_start: number | null; liked_at_start: boolean }
    >({
      name: preparedName(`${this.posts}:lock-many`),
      text: `WITH locked AS MATERIALIZED (
          SELECT p.*, (SELECT s.version FROM ${this.posts} s WHERE s.id = p.id) AS version_at_start
            FROM ${this.posts} p WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p)
        SELECT r.i, l.*,
          CASE WHEN l.id IS NULL OR l.visibility = 'public' OR l.author_id = r.user_id THEN false
               ELSE EXISTS (
                 SELECT 1 FROM ${this.connections} c
                  WHERE least(c.requester_id, c.recipient_id) = least(l.author_id, r.user_id)
                    AND greatest(c.requester_id, c.recipient_id) = greatest(l.author_id, r.user_id)
                    AND c.status = 'accepted')
          END AS viewer_connected,
          EXISTS (SELECT 1 FROM ${this.likes} k WHERE k.post_id = r.post_id AND k.user_id = r.user_id)
            AS liked_at_start
         FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS r(post_id, user_id, i)
         LEFT JOIN locked l ON l.id = r.post_id
        ORDER BY r.i`,
      values: [pairs.map((pair) => pair.postId), pairs.map((pair) => pair.userId)],
    });
    return pairs.map(({ userId }, i) => {
      const row = rows[i];
      if (!row || Number(row.i) !== i + 1) throw new Error('lockMany: a pair without its row');
      const found = row.id !== null;
      return {
        post: found ? toState(row) : null,
        viewer: { userId, connectedToAuthor: row.viewer_connected },
        likedAlready:
          found && row.version_at_start === row.version ? row.liked_at_start : found ? null : false,
      };
    });
  }

  /** Of the given (post, person) pairs, those where the person likes the post (`postId|userId`). */
  async likedPairs(
    tx: Queryable,
    pairs: readonly { postId: string; userId: string }[],
  ): Promise<Set<string>> {
    const { rows } = await tx.query<{ post_id: string; user_id: string }>({
      name: preparedName(`${this.likes}:liked-pairs`),
      text: `SELECT k.post_id, k.user_id FROM ${this.likes} k
               JOIN unnest($1::uuid[], $2::uuid[]) AS r(post_id, user_id)
                 ON k.post_id = r.post_id AND k.user_id = r.user_id`,
      values: [pairs.map((pair) => pair.postId), pairs.map((pair) => pair.userId)],
    });
    return new Set(rows.map((row) => `${row.post_id}|${row.user_id}`));
  }

  /**
   * A group's writes (`post-group.ts`): the likes added and removed (each pair's net change over the
   * group), the comments added, and each post's counts and version after the group's last command on it.
   */
  groupWrite(changes: {
    added: readonly { postId: string; userId: string }[];
    removed: readonly { postId: string; userId: string }[];
    comments: readonly { postId: string; commentId: string; authorId: string; addedAt: Date }[];
    saved: readonly PostState[];
  }): AlongsideWrite {
    const { added, removed, comments, saved } = changes;
    return {
      name: 'post-group',
      ctes: `likes_added AS (
          INSERT INTO ${this.likes} (post_id, user_id) SELECT * FROM unnest($1::uuid[], $2::uuid[])),
        likes_removed AS (
          DELETE FROM ${this.likes} k USING unnest($3::uuid[], $4::uuid[]) AS r(post_id, user_id)
           WHERE k.post_id = r.post_id AND k.user_id = r.user_id),
        comments_added AS (
          INSERT INTO ${this.comments} (comment_id, post_id, author_id, added_at)
          SELECT * FROM unnest($5::uuid[], $6::uuid[], $7::uuid[], $8::timestamptz[])),
        posts_saved AS (
          UPDATE ${this.posts} p SET likes_count = u.likes_count, comments_count = u.comments_count, version = u.version
            FROM unnest($9::uuid[], $10::int4[], $11::int4[], $12::int4[]) AS u(id, likes_count, comments_count, version)
           WHERE p.id = u.id)`,
      values: [
        added.map((pair) => pair.postId),
        added.map((pair) => pair.userId),
        removed.map((pair) => pair.postId),
        removed.map((pair) => pair.userId),
        comments.map((comment) => comment.commentId),
        comments.map((comment) => comment.postId),
        comments.map((comment) => comment.authorId),
        comments.map((comment) => comment.addedAt),
        saved.map((post) => post.id),
        saved.map((post) => post.likesCount),
        saved.map((post) => post.commentsCount),
        saved.map((post) => post.version),
      ],
      onError: refuseLikeOfGoneUser,
    };
  }

  /**
   * Whether `userId` likes the post, in a statement of its own, read after `lock`: for when `lock`
   * waited on a transaction that changed the post (see there).
   */
  async isLikedBy(tx: Queryable, postId: string, userId: string): Promise<boolean> {
    const { rowCount } = await tx.query({
      name: preparedName(`${this.likes}:exists`),
      text: `SELECT 1 FROM ${this.likes} WHERE post_id = $1 AND user_id = $2`,
      values: [postId, userId],
    });
    return (rowCount ?? 0) > 0;
  }

  /**
   * One of the post's comments, read after `lock` (in a statement of its own, so it sees whatever
   * committed while the lock was awaited: every change to a post's comments holds its post). Null when
   * there is no such comment under this post (never made, made under another post, or removed).
   */
  async findComment(tx: Queryable, postId: string, commentId: string): Promise<CommentState | null> {
    const { rows } = await tx.query<{ comment_id: string; post_id: string; author_id: string }>({
      name: preparedName(`${this.comments}:find`),
      text: `SELECT comment_id, post_id, author_id FROM ${this.comments} WHERE comment_id = $1 AND post_id = $2`,
      values: [commentId, postId],
    });
    const row = rows[0];
    return row ? { id: row.comment_id, postId: row.post_id, authorId: row.author_id } : null;
  }

  /**
   * A new post's row, with the tags its author gave apart from the text (an edit's tags are decided on
   * them) and the ids of its pictures (the sweeper keeps their objects, its removal removes them).
   */
  async insert(
    tx: Queryable,
    post: PostState,
    extras: { givenTags: readonly string[]; imageIds: readonly string[] } = { givenTags: [], imageIds: [] },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${this.posts}
         (id, author_id, visibility, likes_count, comments_count, version, given_tags, image_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        post.id,
        post.authorId,
        post.visibility,
        post.likesCount,
        post.commentsCount,
        post.version,
        extras.givenTags,
        extras.imageIds,
      ],
    );
  }

  /** Of the given ids, those some post holds as a picture (the uploads sweeper keeps their objects). */
  async referencedImageIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT DISTINCT unnest(image_ids) AS id FROM ${this.posts} WHERE image_ids && $1::uuid[]`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * The counts and version saved and the like added or removed: the like path's write, run in the
   * append's statement (prepared once per connection: it runs more than any other).
   */
  likeWrite(post: PostState, userId: string, liked: boolean): AlongsideWrite {
    const change = liked
      ? `INSERT INTO ${this.likes} (post_id, user_id) VALUES ($1, $4)`
      : `DELETE FROM ${this.likes} WHERE post_id = $1 AND user_id = $4`;
    return {
      name: liked ? 'like' : 'unlike',
      ctes: `like_change AS (${change}),
        like_saved AS (UPDATE ${this.posts} SET likes_count = $2, version = $3 WHERE id = $1)`,
      values: [post.id, post.likesCount, post.version, userId],
      onError: refuseLikeOfGoneUser,
    };
  }

  /** The count and version saved with the new comment's row (run in the append's statement). */
  commentWrite(
    post: PostState,
    comment: CommentRecord & { authorId: string; addedAt: Date },
  ): AlongsideWrite {
    return {
      name: 'comment',
      ctes: `comment_added AS (
          INSERT INTO ${this.comments} (comment_id, post_id, author_id, added_at) VALUES ($4, $1, $5, $6)),
        comment_saved AS (UPDATE ${this.posts} SET comments_count = $2, version = $3 WHERE id = $1)`,
      values: [
        post.id,
        post.commentsCount,
        post.version,
        comment.commentId,
        comment.authorId,
        comment.addedAt,
      ],
    };
  }

  /** The new version saved (an edit of the post or of one of its comments: no count changes). */
  versionWrite(post: PostState): AlongsideWrite {
    return {
      name: 'post-edit',
      ctes: `edit_saved AS (UPDATE ${this.posts} SET version = $2 WHERE id = $1)`,
      values: [post.id, post.version],
    };
  }

  /** The comment's row removed, with the post's count and version after it (run in the append's statement). */
  commentRemovalWrite(post: PostState, commentId: string): AlongsideWrite {
    return {
      name: 'uncomment',
      ctes: `comment_removed AS (DELETE FROM ${this.comments} WHERE comment_id = $4 AND post_id = $1),
        uncomment_saved AS (UPDATE ${this.posts} SET comments_count = $2, version = $3 WHERE id = $1)`,
      values: [post.id, post.commentsCount, post.version, commentId],
    };
  }

  /** `likeWrite` on its own. */
  async saveLike(tx: Queryable, post: PostState, userId: string, liked: boolean): Promise<void> {
    await writeAlone(tx, this.posts, this.likeWrite(post, userId, liked));
  }

  /** `commentWrite` on its own. */
  async saveComment(
    tx: Queryable,
    post: PostState,
    comment: CommentRecord & { authorId: string; addedAt: Date },
  ): Promise<void> {
    await writeAlone(tx, this.posts, this.commentWrite(post, comment));
  }

  /**
   * Locks, in id order, the posts a person wrote, liked or commented on, but for those in `except`
   * (locked already). Every like and comment locks its post first, so one of theirs in flight on any
   * of these has committed by the time this returns, and none can start until the transaction ends.
   * The order keeps two deletions that share posts from waiting on each other in a circle.
   */
  async lockTouchedBy(tx: Queryable, userId: string, except: readonly string[] = []): Promise<PostState[]> {
    const { rows } = await tx.query<Row>(
      `SELECT * FROM ${this.posts}
        WHERE id IN (SELECT id FROM ${this.posts} WHERE author_id = $1
                     UNION SELECT post_id FROM ${this.likes} WHERE user_id = $1
                     UNION SELECT post_id FROM ${this.comments} WHERE author_id = $1)
          AND NOT (id = ANY($2::uuid[]))
        ORDER BY id
        FOR UPDATE`,
      [userId, except],
    );
    return rows.map(toState);
  }

  /** The posts a person likes (read after their posts are locked, in a statement of its own). */
  async likedBy(tx: Queryable, userId: string): Promise<string[]> {
    const { rows } = await tx.query<{ post_id: string }>(
      `SELECT post_id FROM ${this.likes} WHERE user_id = $1 ORDER BY post_id`,
      [userId],
    );
    return rows.map((row) => row.post_id);
  }

  /** A person's comments, oldest first. */
  async commentsBy(tx: Queryable, userId: string): Promise<CommentRecord[]> {
    const { rows } = await tx.query<{ post_id: string; comment_id: string }>(
      `SELECT post_id, comment_id FROM ${this.comments} WHERE author_id = $1 ORDER BY added_at, comment_id`,
      [userId],
    );
    return rows.map((row) => ({ postId: row.post_id, commentId: row.comment_id }));
  }

  /**
   * Posts removed (by their author, or with their author's account), with their likes and comments:
   * nothing of them is left. Resolves with the ids of the pictures they held, whose objects the caller
   * removes after the commit (once no row names them, the sweeper would remove them anyway).
   */
  async removePosts(tx: Queryable, postIds: readonly string[]): Promise<string[]> {
    if (postIds.length === 0) return [];
    await tx.query(
      `WITH likes AS (DELETE FROM ${this.likes} WHERE post_id = ANY($1::uuid[])),
            comments AS (DELETE FROM ${this.comments} WHERE post_id = ANY($1::uuid[]))
       SELECT 1`,
      [postIds],
    );
    // After the rows that reference them (a data-modifying WITH runs with the same snapshot, so the
    // foreign keys would still see the likes and comments if the posts went in the same statement).
    const { rows } = await tx.query<{ image_ids: string[] }>(
      `DELETE FROM ${this.posts} WHERE id = ANY($1::uuid[]) RETURNING image_ids`,
      [postIds],
    );
    return rows.flatMap((row) => row.image_ids);
  }

  /** Takes a person's likes and comments off other people's posts; `posts` carry the counts after. */
  async removeLikesAndComments(tx: Queryable, userId: string, posts: readonly PostState[]): Promise<void> {
    await tx.query(
      `WITH likes AS (DELETE FROM ${this.likes} WHERE user_id = $1)
       DELETE FROM ${this.comments} WHERE author_id = $1`,
      [userId],
    );
    for (const post of posts) await this.save(tx, post);
  }

  async save(tx: Queryable, post: PostState): Promise<void> {
    await tx.query(
      `UPDATE ${this.posts} SET likes_count = $2, comments_count = $3, version = $4 WHERE id = $1`,
      [post.id, post.likesCount, post.commentsCount, post.version],
    );
  }
}
