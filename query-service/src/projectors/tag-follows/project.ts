import { type EventOfType, eventsDecided } from '@careers/contracts/events/event-table';
import { tagKey } from '@careers/contracts/tags';
import {
  defineProjector,
  type ProjectionContext,
  unhandled,
  userEventsBesidesDeletion,
} from '../projector.ts';

/** The events a person's followed tags are made of, besides the AccountDeleted that takes them away. */
const tagFollowEvents = ['TagFollowed', 'TagUnfollowed'] as const;

type TagFollowEventType = (typeof tagFollowEvents)[number];
type FollowOrUnfollow = EventOfType<TagFollowEventType>;

/** The user events this model has no use for: those others read the user stream for. */
const otherUserEvents = userEventsBesidesDeletion.filter(
  (type): type is Exclude<(typeof userEventsBesidesDeletion)[number], TagFollowEventType> =>
    !(tagFollowEvents as readonly string[]).includes(type),
);

/**
 * The tags each person follows (`tag_follows`, migration 035): a row per person and tag, keyed by the
 * tag's `tagKey` (so `#QA` and `#qa` are one follow), with the tag as they spelled it and when they
 * followed it. TagFollowed writes the row (set anew if it is there: the write side records a follow
 * only of a tag not followed, so that is a redelivery), TagUnfollowed deletes it, and the person's
 * AccountDeleted deletes all of theirs. It reads nothing of any other model, and only its own queries
 * read it: GET /api/users/followed-tags and a tag's followers on GET /api/tags/:tag. The Following feed
 * does not read it: the timelines model keeps its own copy of the follows (timelines/project.ts).
 *
 * Every event here is on the person's own stream, so none of theirs can come after their
 * AccountDeleted. The runner skips a redelivery by the stream's checkpoint, and each statement sets
 * absolute values besides, so an event applied again leaves the same rows; a rebuild truncates the
 * table (`reset`) and replays the user topic into it. A tag sealed and then erased (the person's key
 * shredded) reads as '' until their AccountDeleted, later on the same stream, takes every row away.
 */
export const tagFollowsProjector = defineProjector({
  name: 'tag-follows',
  handles: eventsDecided(['user'], {
    handles: [...tagFollowEvents, 'AccountDeleted'],
    ignores: otherUserEvents,
  }),
  async apply(event, ctx) {
    switch (event.type) {
      // Written as a run of one (applyBatch).
      case 'TagFollowed':
      case 'TagUnfollowed':
        return applyFollows([event], ctx);
      case 'AccountDeleted':
        await ctx.tx.query(`DELETE FROM ${ctx.schema}.tag_follows WHERE user_id = $1`, [event.data.userId]);
        return;
      default:
        return unhandled(event);
    }
  },
  // Nothing else reads the follows, and they read nothing: a run of follows and unfollows is written at
  // once, whatever other user events the run holds for other models.
  batched: [...tagFollowEvents],
  // Given only the batched types (defineProjector), which the filter tells the compiler.
  applyBatch: (events, ctx) =>
    applyFollows(
      events.filter((event): event is FollowOrUnfollow => event.type !== 'AccountDeleted'),
      ctx,
    ),
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.tag_follows`);
  },
});

/**
 * A run of follows and unfollows (in stream order) in at most two statements: each person and tag key
 * ends as its last event of the run left it, followed (as spelled, since when) or not, which is what
 * applying them one at a time leaves, as every statement sets absolute values.
 */
async function applyFollows(
  events: readonly FollowOrUnfollow[],
  { tx, schema }: Pick<ProjectionContext, 'tx' | 'schema'>,
): Promise<void> {
  const last = new Map<string, { userId: string; key: string; tag: string; followedAt: string | null }>();
  for (const event of events) {
    const { userId, tag } = event.data;
    const key = tagKey(tag);
    const followedAt = event.type === 'TagFollowed' ? event.data.followedAt : null;
    last.set(`${userId} ${key}`, { userId, key, tag, followedAt });
  }
  const followed = [...last.values()].filter((f) => f.followedAt !== null);
  const unfollowed = [...last.values()].filter((f) => f.followedAt === null);
  if (unfollowed.length > 0) {
    await tx.query(
      `DELETE FROM ${schema}.tag_follows f USING unnest($1::text[], $2::text[]) AS x(user_id, tag_key)
        WHERE f.user_id = x.user_id AND f.tag_key = x.tag_key`,
      [unfollowed.map((f) => f.userId), unfollowed.map((f) => f.key)],
    );
  }
  if (followed.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.tag_follows (user_id, tag_key, tag, followed_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])
       ON CONFLICT (user_id, tag_key) DO UPDATE SET tag = EXCLUDED.tag, followed_at = EXCLUDED.followed_at`,
      [
        followed.map((f) => f.userId),
        followed.map((f) => f.key),
        followed.map((f) => f.tag),
        followed.map((f) => f.followedAt),
      ],
    );
  }
}
