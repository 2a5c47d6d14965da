import { z } from 'zod';
import { AuthorSummary } from './person-summary.ts';
import { Id, IsoDateTime } from './scalars.ts';

export const Comment = z.object({
  _id: Id,
  author: AuthorSummary,
  content: z.string(),
  createdAt: IsoDateTime,
});
export type Comment = z.infer<typeof Comment>;

/**
 * What adding a comment answers: the comment, its post and the post's count after it, so the author's
 * screen sets the count it was told (as a like reply does) instead of adding 1 to whatever it shows.
 */
export const AddedComment = Comment.extend({
  postId: Id,
  commentsCount: z.number().int().positive(),
});
export type AddedComment = z.infer<typeof AddedComment>;
