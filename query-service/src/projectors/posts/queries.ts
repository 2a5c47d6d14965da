import { postImageOf } from '@careers/contracts/api/file-routes';
import type { Comment } from '@careers/contracts/entities/comment';
import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import type { Post } from '@careers/contracts/entities/post';
import type { EventPostImage } from '@careers/contracts/events/post-events';
import type { FeedQuery } from '@careers/contracts/requests/feed-query';
import { tagKey } from '@careers/contracts/tags';
import type { Pool, Redis } from '@careers/service-kit';
import type { z } from 'zod';
import { profilePictureOf } from '../file-urls.ts';
import { statementName } from '../statement-name.ts';
import { timelineKeys } from '../timeline-keys.ts';

/** A feed card carries its latest comments only; GET /posts/:id has them all (commentsCount is exact). */
export const FEED_COMMENTS_PER_POST = 20;

interface AuthorColumns {
  author_id: string;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  picture_id: string | null;
}

interface PostRow extends AuthorColumns {
  id: string;
  content: string;
  // Only values that passed the event schemas reach these columns.
  type: Post['type'];
  category: Post['category'];
  visibility: Post['visibility'];
  tags: string[];
  /** In the author's order, as PostCreated had them. */
  images: z.output<typeof EventPostImage>[];
  likes_count: number;
  comments_count: number;
  created_at: Date;
  /** Null until its author first edits it. */
  edited_at: Date | null;
}

interface CommentRow extends AuthorColumns {
  id: string;
  post_id: string;
  content: string;
  created_at: Date;
  /** Null until its author first edits it. */
  edited_at: Date | null;
}

const author = (r: AuthorColumns): AuthorSummary => ({
  _id: r.author_id,
  firstName: r.first_name ?? '',
  lastName: r.last_name ?? '',
  // The screens show "Professional" when the author has no job title.
  jobTitle: r.job_title ?? '',
  profilePicture: profilePictureOf(r.picture_id),
});

const POST_COLUMNS = `p.id, p.author_id, p.content, p.type, p.category, p.visibility, p.tags, p.images, p.likes_count,
  p.comments_count, p.created_at, p.edited_at, u.first_name, u.last_name, u.job_title, u.picture_id`;

const COMMENT_COLUMNS = `c.id, c.post_id, c.content, c.created_at, c.edited_at, c.author_id,
  u.first_name, u.last_name, u.job_title, u.picture_id`;

/** `editedAt` of a post or comment its author edited; absent (not null) on one never edited. */
const editedAt = (at: Date | null): { editedAt?: string } =>
  at === null ? {} : { editedAt: at.toISOString() };

const toComment = (c: CommentRow): Comment => ({
  _id: c.id,
  author: author(c),
  content: c.content,
  createdAt: c.created_at.toISOString(),
  ...editedAt(c.edited_at),
});

const toPost = (row: PostRow, comments: Comment[], isLiked: boolean): Post => ({
  _id: row.id,
  content: row.content,
  type: row.type,
  category: row.category,
  visibility: row.visibility,
  tags: row.tags,
  images: row.images.map(postImageOf),
  createdAt: row.created_at.toISOString(),
  ...editedAt(row.edited_at),
  likesCount: row.likes_count,
  commentsCount: row.comments_count,
  isLiked,
  author: author(row),
  comments,
});

/** A statement prepared once per connection, named by its text (`statementName`). */
function prepared(text: string): { name: string; text: string } {
  return { name: statementName('posts', text), text };
}

/** The only reader of the posts read model's tables and keys. */
export class PostQueries {
  private readonly pool: Pool;
  private readonly redis: Redis;
  private readonly s: string;

  /** The statements of `findPost`. */
  private readonly onePost: { name: string; text: string };
  private readonly allComments: { name: string; text: string };

  constructor(pool: Pool, redis: Redis, schema: string) {
    this.pool = pool;
    this.redis = redis;
    this.s = schema;
    // With whether the viewer ($2) likes it: one probe of the likers' key, in the post's own statement.
    this.onePost = prepared(
      `SELECT ${POST_COLUMNS},
              EXISTS (SELECT 1 FROM ${schema}.post_likers l WHERE l.post_id = p.id AND l.user_id = $2) AS liked
         FROM ${schema}.posts p LEFT JOIN ${schema}.post_people u ON u.id = p.author_id
        WHERE p.id = $1`,
    );
    this.allComments = prepared(
      `SELECT ${COMMENT_COLUMNS} FROM ${schema}.post_comments c LEFT JOIN ${schema}.post_people u ON u.id = c.author_id
        WHERE c.post_id = $1 ORDER BY c.created_at, c.id`,
    );
  }

  /**
   * One post with all its comments, or null when it does not exist or the viewer may not see it. The
   * post (with whether the viewer likes it) and its comments are asked for at once, and the two statements
   * are prepared once per connection (a post page is read again and again): parsed and planned for
   * each read, they cost Postgres nearly three times as much (docs/performance.md, "Feed reads").
   */
  async findPost(postId: string, viewerId: string): Promise<Post | null> {
    const [post, comments] = await Promise.all([
      this.pool.query<PostRow & { liked: boolean }>({ ...this.onePost, values: [postId, viewerId] }),
      this.pool.query<CommentRow>({ ...this.allComments, values: [postId] }),
    ]);
    const row = post.rows[0];
    if (!row) return null;
    if (row.visibility !== 'public' && row.author_id !== viewerId) {
      const { rows } = await this.pool.query<{ connected: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${this.s}.post_links WHERE user_id = $1 AND other_id = $2) AS connected`,
        [viewerId, row.author_id],
      );
      if (!rows[0]?.connected) return null;
    }
    return toPost(row, comments.rows.map(toComment), row.liked);
  }

  /**
   * The reader's feed, newest first. `following` without other filters reads the reader's home
   * timeline (Redis: the timelines model puts there the posts of the reader and their connections, and
   * the public posts carrying a tag they follow, made since they followed it); everything else is one
   * SQL query over the posts the reader may see: public ones, their own, and connections-only posts of
   * their connections. `following` with other filters holds the same posts as the timeline: those of
   * the reader's network, and the public ones carrying a tag of `followedTags` (the tag-follows
   * model's, which the route asks for only then: this model does not keep them) made since it was
   * followed.
   */
  async feed(
    viewerId: string,
    query: FeedQuery,
    followedTags: () => Promise<readonly { tag: string; followedAt: string }[]> = async () => [],
  ): Promise<{ posts: Post[]; total: number }> {
    const offset = (query.page - 1) * query.limit;
    const filtered =
      query.type !== undefined ||
      query.category !== undefined ||
      query.tags.length > 0 ||
      query.author !== undefined;
    if (query.following && !filtered) return this.timeline(viewerId, offset, query.limit);

    // The reader and their connections (kept by this model: links.ts), computed inside the query: one
    // round trip for page and total.
    const network = `(SELECT $1::text UNION SELECT other_id FROM ${this.s}.post_links WHERE user_id = $1)`;
    const where = [`(p.visibility = 'public' OR p.author_id IN ${network})`];
    const params: unknown[] = [viewerId];
    const followed = query.following ? await followedTags() : [];
    if (query.following && followed.length === 0) where.push(`p.author_id IN ${network}`);
    if (query.following && followed.length > 0) {
      const keys = `$${params.push(followed.map((f) => tagKey(f.tag)))}::text[]`;
      const since = `$${params.push(followed.map((f) => f.followedAt))}::timestamptz[]`;
      where.push(`(p.author_id IN ${network} OR (p.visibility = 'public' AND p.tag_keys && ${keys} AND
        EXISTS (SELECT 1 FROM unnest(${keys}, ${since}) AS f(tag_key, at)
                 WHERE f.tag_key = ANY(p.tag_keys) AND p.created_at >= f.at)))`);
    }
    if (query.type !== undefined) where.push(`p.type = $${params.push(query.type)}`);
    if (query.category !== undefined) where.push(`p.category = $${params.push(query.category)}`);
    if (query.author !== undefined) where.push(`p.author_id = $${params.push(query.author)}`);
    if (query.tags.length > 0) {
      // Compared by their keys (`tagKey`), through the GIN index of the keys.
      const keys = query.tags.map((tag) => tagKey(tag.replace(/^#+/, '')));
      where.push(`p.tag_keys && $${params.push(keys)}::text[]`);
    }
    const condition = where.join(' AND ');
    const page = await this.pool.query<PostRow & { total: number }>(
      `SELECT ${POST_COLUMNS}, count(*) OVER ()::int AS total
         FROM ${this.s}.posts p LEFT JOIN ${this.s}.post_people u ON u.id = p.author_id
        WHERE ${condition} ORDER BY p.created_at DESC, p.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, offset],
    );
    let total = page.rows[0]?.total ?? 0;
    if (page.rows.length === 0 && offset > 0) {
      // Past the last page the window has no row to carry the total.
      const count = await this.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${this.s}.posts p WHERE ${condition}`,
        params,
      );
      total = count.rows[0]?.n ?? 0;
    }
    return { posts: await this.hydrate(page.rows, viewerId, FEED_COMMENTS_PER_POST), total };
  }

  /**
   * How many posts carrying `tag` (compared by its key) the reader may see: public ones, their own, and
   * connections-only posts of their connections, as the feed's `tags` filter finds them (GIN index of
   * the keys).
   */
  async taggedCount(viewerId: string, tag: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.s}.posts p
        WHERE p.tag_keys @> ARRAY[$2::text]
          AND (p.visibility = 'public' OR p.author_id = $1
               OR p.author_id IN (SELECT other_id FROM ${this.s}.post_links WHERE user_id = $1))`,
      [viewerId, tagKey(tag)],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Whether the reader may see a picture: it is in a post they may see (as GET /posts/:id decides:
   * public, their own, or connections-only and they are connected with its author). A picture in no
   * post (not yet in one, or its post removed) is seen by nobody. Found through the GIN index of the
   * posts' pictures.
   */
  async canSeeImage(imageId: string, viewerId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ visible: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM ${this.s}.posts p
          WHERE p.images @> jsonb_build_array(jsonb_build_object('imageId', $1::text))
            AND (p.visibility = 'public' OR p.author_id = $2
                 OR EXISTS (SELECT 1 FROM ${this.s}.post_links l WHERE l.user_id = $2 AND l.other_id = p.author_id))
       ) AS visible`,
      [imageId, viewerId],
    );
    return rows[0]?.visible ?? false;
  }

  /** A user's own posts, newest first (GET /posts/my/posts). */
  async byAuthor(authorId: string): Promise<Post[]> {
    const { rows } = await this.pool.query<PostRow>(
      `SELECT ${POST_COLUMNS} FROM ${this.s}.posts p LEFT JOIN ${this.s}.post_people u ON u.id = p.author_id
        WHERE p.author_id = $1 ORDER BY p.created_at DESC, p.id DESC`,
      [authorId],
    );
    return this.hydrate(rows, authorId, FEED_COMMENTS_PER_POST);
  }

  private async timeline(viewerId: string, offset: number, limit: number) {
    const key = timelineKeys.home(viewerId);
    const [ids, total] = await Promise.all([
      this.redis.zrevrange(key, offset, offset + limit - 1),
      this.redis.zcard(key),
    ]);
    if (ids.length === 0) return { posts: [], total };
    const { rows } = await this.pool.query<PostRow>(
      `SELECT ${POST_COLUMNS} FROM ${this.s}.posts p LEFT JOIN ${this.s}.post_people u ON u.id = p.author_id
        WHERE p.id = ANY($1)`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    return { posts: await this.hydrate(ordered, viewerId, FEED_COMMENTS_PER_POST), total };
  }

  /** Rows to posts: comments (the latest `commentsPerPost`, oldest first; null = all) and the viewer's likes. */
  private async hydrate(rows: PostRow[], viewerId: string, commentsPerPost: number | null): Promise<Post[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const withComments = rows.filter((r) => r.comments_count > 0).map((r) => r.id);
    const [comments, likes] = await Promise.all([
      withComments.length === 0
        ? Promise.resolve({ rows: [] as CommentRow[] })
        : this.pool.query<CommentRow>(
            `SELECT * FROM (
               SELECT ${COMMENT_COLUMNS},
                      row_number() OVER (PARTITION BY c.post_id ORDER BY c.created_at DESC, c.id DESC) AS rank
                 FROM ${this.s}.post_comments c LEFT JOIN ${this.s}.post_people u ON u.id = c.author_id
                WHERE c.post_id = ANY($1)
             ) latest WHERE $2::int IS NULL OR rank <= $2 ORDER BY created_at, id`,
            [withComments, commentsPerPost],
          ),
      // The viewer's likes among the page's posts: one probe of the key a post.
      this.pool.query<{ post_id: string }>(
        `SELECT post_id FROM ${this.s}.post_likers WHERE post_id = ANY($1::text[]) AND user_id = $2`,
        [ids, viewerId],
      ),
    ]);
    const liked = new Set(likes.rows.map((r) => r.post_id));
    const commentsByPost = new Map<string, Comment[]>();
    for (const c of comments.rows) {
      const list = commentsByPost.get(c.post_id) ?? [];
      list.push(toComment(c));
      commentsByPost.set(c.post_id, list);
    }
    return rows.map((row) => toPost(row, commentsByPost.get(row.id) ?? [], liked.has(row.id)));
  }
}
