import { randomUUID } from 'node:crypto';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import { type DomainEventType, domainEvents, type EventDataInput } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { canSeePost, postAccessCases, type ViewerRelation } from '@careers/contracts/policies/post-access';
import { FeedQuery } from '@careers/contracts/requests/feed-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { PostQueries } from './queries.ts';

/**
 * The read side against the one statement of who may see a post (`postAccessCases` in contracts). Each
 * case builds its own small world from the events the write side publishes, through the real
 * projectors, then asks every path that serves posts as the case's viewer. The SQL of `findPost` and
 * `feed` and the Redis home timelines each encode the rule their own way; this is what keeps them equal.
 */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let posts: PostQueries;
const { envelope, message } = testMessages();

beforeAll(async () => {
  bed = await projectorTestbed('post-access');
  posts = new PostQueries(bed.pool, bed.redis, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

/** Typed by the event catalogue, so a change to an event's schema fails here and not at runtime. */
function event<T extends DomainEventType>(
  type: T,
  streamId: string,
  streamVersion: number,
  data: EventDataInput<T>,
): EventEnvelope {
  return envelope(domainEvents[type].streamType, streamId, streamVersion, type, data);
}

let minute = 0;
/** Each call a minute later: every event of a world happens after the one before it. */
const later = () => new Date(Date.UTC(2026, 2, 1, 9, minute++)).toISOString();

function registered(userId: string, firstName: string): EventEnvelope {
  return event('UserRegistered', userId, 1, {
    userId,
    firstName,
    lastName: 'Tester',
    email: `${userId}@example.com`,
    accountType: 'job_seeker',
    registeredAt: later(),
  });
}

/**
 * The events that put the viewer in `relation` to the author. The viewer is the one who asks, so a
 * pending request is the viewer waiting on the author: asking must not be enough to see their posts.
 */
function relationEvents(relation: ViewerRelation, authorId: string, viewerId: string): EventEnvelope[] {
  if (relation === 'author' || relation === 'stranger') return [];
  const connectionId = randomUUID();
  const parties = { connectionId, requesterId: viewerId, recipientId: authorId };
  const requested = event('ConnectionRequested', connectionId, 1, {
    ...parties,
    requestedAt: later(),
  });
  if (relation === 'pending request') return [requested];
  return [requested, event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: later() })];
}

/** A post with a picture and a tag of its own (at PostCreated's current version, which has pictures). */
function postCreated(
  postId: string,
  authorId: string,
  visibility: PostVisibility,
  imageId: string,
  tag: string,
): EventEnvelope {
  return {
    ...event('PostCreated', postId, 1, {
      postId,
      authorId,
      content: `A ${visibility} post`,
      type: 'text',
      category: 'Career',
      visibility,
      tags: [tag],
      images: [{ imageId, alt: '', width: 640, height: 480 }],
      createdAt: later(),
    }),
    schemaVersion: domainEvents.PostCreated.schemaVersion,
  };
}

/** Every post id of the viewer's feed, page after page as the client reads it (other worlds' public posts share it). */
async function wholeFeed(
  viewerId: string,
  filters: { following?: boolean; author?: string } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { posts: found, total } = await posts.feed(viewerId, FeedQuery.parse({ ...filters, page }));
    ids.push(...found.map((post) => post._id));
    if (found.length === 0 || ids.length >= total) return ids;
  }
}

const who: Record<ViewerRelation, string> = {
  author: 'its author',
  connection: 'a connection of the author',
  'pending request': 'someone with a pending request to the author',
  stranger: 'a stranger',
};

/** The timelines fan a post out when it is written and backfill it when a connection is accepted: both orders. */
const orders = [
  { order: 'the post is written after the viewer relates to the author', postFirst: false },
  { order: 'the post was written before', postFirst: true },
] as const;

describe.for(orders)('who may see a post, when $order', ({ postFirst }) => {
  const cases = postAccessCases.map((c) => ({
    ...c,
    viewerIs: who[c.viewer],
    outcome: c.canSee ? 'sees it' : 'does not see it',
  }));

  it.for(cases)('given a $visibility post, $viewerIs $outcome', async ({ visibility, viewer, canSee }) => {
    const authorId = randomUUID();
    const viewerId = viewer === 'author' ? authorId : randomUUID();
    const postId = randomUUID();
    const people =
      viewerId === authorId
        ? [registered(authorId, 'Author')]
        : [registered(authorId, 'Author'), registered(viewerId, 'Viewer')];
    const relation = relationEvents(viewer, authorId, viewerId);
    const [imageId, tag] = [randomUUID(), `tag${randomUUID().slice(0, 8)}`];
    const post = postCreated(postId, authorId, visibility, imageId, tag);
    const events = postFirst ? [...people, post, ...relation] : [...people, ...relation, post];
    await bed.runner.applyMessages(events.map(message));

    // The table and the function it documents agree, so the read side is held to both.
    expect(
      canSeePost({ authorId, visibility }, { userId: viewerId, connectedToAuthor: viewer === 'connection' }),
    ).toBe(canSee);

    const opened = await posts.findPost(postId, viewerId);
    expect(opened?._id ?? null).toBe(canSee ? postId : null);

    const feed = await wholeFeed(viewerId);
    expect(feed.includes(postId)).toBe(canSee);

    // The home timeline is the viewer's own posts and their connections' (Redis, fanned out on write and
    // backfilled on accept), so a stranger's public post is rightly missing. The rule asks that it never
    // shows a post the viewer may not see; that the author and a connection find it there shows the
    // fan-out was exercised, so the first check is not passing on an empty timeline.
    const home = await wholeFeed(viewerId, { following: true });
    if (!canSee) expect(home).not.toContain(postId);
    expect(home.includes(postId)).toBe(viewer === 'author' || viewer === 'connection');

    // A profile page's posts (the author's alone) follow the same rule.
    expect(await wholeFeed(viewerId, { author: authorId })).toEqual(canSee ? [postId] : []);

    // So do its pictures (the file route asks this) and a tag's page count.
    expect(await posts.canSeeImage(imageId, viewerId)).toBe(canSee);
    expect(await posts.taggedCount(viewerId, tag.toUpperCase())).toBe(canSee ? 1 : 0);
  });
});
