import type { Post } from '@careers/contracts/entities/post';
import type { Pool, Redis } from '@careers/service-kit';
import { postKeys } from './keys.ts';

interface PostRow {
  id: string;
  author_id: string;
  content: string;
  // Only values that passed the event schemas reach these columns.
  type: Post['type'];
  category: Post['category'];
  visibility: Post['visibility'];
  tags: string[];
  likes_count: number;
  comments_count: number;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  profile_picture: { url: string } | null;
}

interface CommentRow {
  id: string;
  content: string;
  created_at: Date;
  author_id: string;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  profile_picture: { url: string } | null;
}

const author = (r: {
  author_id: string;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  profile_picture: { url: string } | null;
}) => ({
  _id: r.author_id,
  firstName: r.first_name ?? '',
  lastName: r.last_name ?? '',
  // The screens show "Professional" when the author has no job title.
  jobTitle: r.job_title ?? '',
  profilePicture: r.profile_picture,
});

/** The only reader of the posts read model's tables and keys. */
export async function findPost(
  pool: Pool,
  redis: Redis,
  schema: string,
  postId: string,
  viewerId: string,
): Promise<Post | null> {
  const { rows } = await pool.query<PostRow>(
    `SELECT p.*, u.first_name, u.last_name, u.job_title, u.profile_picture
       FROM ${schema}.posts p LEFT JOIN ${schema}.users u ON u.id = p.author_id
      WHERE p.id = $1`,
    [postId],
  );
  const row = rows[0];
  if (!row) return null;
  const [comments, liked] = await Promise.all([
    pool.query<CommentRow>(
      `SELECT c.id, c.content, c.created_at, c.author_id, u.first_name, u.last_name, u.job_title, u.profile_picture
         FROM ${schema}.post_comments c LEFT JOIN ${schema}.users u ON u.id = c.author_id
        WHERE c.post_id = $1 ORDER BY c.created_at, c.id`,
      [postId],
    ),
    redis.sismember(postKeys.likes(postId), viewerId),
  ]);
  return {
    _id: row.id,
    content: row.content,
    type: row.type,
    category: row.category,
    visibility: row.visibility,
    tags: row.tags,
    createdAt: row.created_at.toISOString(),
    likesCount: row.likes_count,
    commentsCount: row.comments_count,
    isLiked: liked === 1,
    author: author(row),
    comments: comments.rows.map((c) => ({
      _id: c.id,
      author: author(c),
      content: c.content,
      createdAt: c.created_at.toISOString(),
    })),
  };
}
