import { z } from 'zod';
import { IsoDateTime } from './scalars.ts';

/**
 * A tag as its page shows it (`/feed?tag=word`): how it is spelled (the `tag` asked for), how many posts
 * the reader may see carry it, how many people follow it, and whether the reader does.
 */
export const TagSummary = z.object({
  tag: z.string().min(1),
  postsCount: z.number().int().nonnegative(),
  followersCount: z.number().int().nonnegative(),
  isFollowing: z.boolean(),
});
export type TagSummary = z.infer<typeof TagSummary>;

/** What following or unfollowing answers. */
export const TagFollowState = z.object({ tag: z.string().min(1), isFollowing: z.boolean() });
export type TagFollowState = z.infer<typeof TagFollowState>;

/** A tag the reader follows, with when they started (newest first in the list). */
export const FollowedTag = z.object({ tag: z.string().min(1), followedAt: IsoDateTime });
export type FollowedTag = z.infer<typeof FollowedTag>;
