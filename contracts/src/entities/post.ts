import { z } from 'zod';
import { Comment } from './comment.ts';
import { PostCategory, PostType, PostVisibility } from './enums.ts';
import { AuthorSummary } from './person-summary.ts';
import { Id, IsoDateTime } from './scalars.ts';

/** A feed post; `isLiked` is for the signed-in reader. */
export const Post = z.object({
  _id: Id,
  content: z.string(),
  type: PostType,
  category: PostCategory,
  visibility: PostVisibility,
  tags: z.array(z.string()),
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
