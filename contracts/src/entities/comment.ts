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
