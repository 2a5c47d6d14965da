import { z } from 'zod';
import { Comment } from './comment.ts';
import { PostCategory, PostType, PostVisibility } from './enums.ts';
import { AuthorSummary } from './person-summary.ts';
import { Id, IsoDateTime } from './scalars.ts';

/**
 * A picture of a post, in two sizes (WebP, re-encoded by the server): `small` for phones and the grid
 * (at most 640 pixels wide), `large` for a picture opened alone and wide screens (at most 1,600).
 * `width` and `height` are the large one's, so a page can keep the space before it loads. `alt` is the
 * author's description for people who cannot see it (may be empty).
 */
export const PostImage = z.object({
  _id: Id,
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  urls: z.object({ small: z.string().min(1), large: z.string().min(1) }),
});
export type PostImage = z.infer<typeof PostImage>;

/** A feed post; `isLiked` is for the signed-in reader. */
export const Post = z.object({
  _id: Id,
  content: z.string(),
  type: PostType,
  category: PostCategory,
  visibility: PostVisibility,
  /** Given in the request and parsed from `#words` in the text by the server (`tagsOf`). */
  tags: z.array(z.string()),
  /** Beyond the spec: up to MAX_POST_IMAGES pictures, in the author's order. */
  images: z.array(PostImage),
  createdAt: IsoDateTime,
  /** When its author last changed the text; absent on a post never edited. */
  editedAt: IsoDateTime.optional(),
  likesCount: z.number().int().nonnegative(),
  commentsCount: z.number().int().nonnegative(),
  isLiked: z.boolean(),
  author: AuthorSummary,
  comments: z.array(Comment),
});
export type Post = z.infer<typeof Post>;

/** What a like toggle answers: the post's count after the change and whether the reader now likes it. */
export const PostLikeState = z.object({
  postId: Id,
  likesCount: z.number().int().nonnegative(),
  isLiked: z.boolean(),
});
export type PostLikeState = z.infer<typeof PostLikeState>;
