import { z } from 'zod';
import { PostCategory, PostType } from '../entities/enums.ts';
import { queryMessages } from '../messages.ts';
import { booleanParam, LimitParam, ListParam, optionalParam, PageParam } from './query-fields.ts';

/** `GET /posts/feed` filters; `following` keeps only posts by people the reader is connected with. */
export const FeedQuery = z.object({
  page: PageParam,
  limit: LimitParam,
  type: optionalParam(PostType),
  category: optionalParam(PostCategory),
  tags: ListParam,
  following: booleanParam(queryMessages.followingInvalid),
});
export type FeedQuery = z.infer<typeof FeedQuery>;
