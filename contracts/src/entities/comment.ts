import { z } from 'zod';
import { AuthorSummary } from './person-summary.ts';
import { Id, IsoDateTime } from './scalars.ts';

export const Comment = z.object({
  _id: Id,
  author: AuthorSummary,
  content: z.string(),
  createdAt: IsoDateTime,
  /** When its author last changed the text; absent on a comment never edited. */
  editedAt: IsoDateTime.optional(),
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

/**
 * What editing a post answers: its new text, when it changed, and its tags after the edit (those given
 * when it was created and the `#words` of the new text, as PostEdited records them).
 */
export const EditedPost = z.object({
  postId: Id,
  content: z.string(),
  editedAt: IsoDateTime,
  tags: z.array(z.string()),
});
export type EditedPost = z.infer<typeof EditedPost>;

/** What editing a comment answers: its new text and when it changed. */
export const EditedComment = z.object({
  postId: Id,
  commentId: Id,
  content: z.string(),
  editedAt: IsoDateTime,
});
export type EditedComment = z.infer<typeof EditedComment>;

/** What deleting a comment answers: the post's count after it. */
export const DeletedComment = z.object({
  postId: Id,
  commentId: Id,
  commentsCount: z.number().int().nonnegative(),
});
export type DeletedComment = z.infer<typeof DeletedComment>;
