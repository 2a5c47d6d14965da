import { randomUUID } from 'node:crypto';
import { type DomainEventType, domainEvents, type EventDataInput } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { SeededRandom } from './seeded-random.ts';

/**
 * Shares of each kind of step in the replayed history. Likes dominate a social feed; people, posts,
 * comments, connections, jobs and applications keep every projector busy in their own measure.
 */
export const REPLAY_MIX = {
  person: 0.015,
  post: 0.03,
  comment: 0.07,
  connection: 0.02,
  job: 0.004,
  application: 0.011,
  /** The rest: a like, or now and then (UNLIKE_SHARE of these) a like taken back. */
  like: 0.85,
} as const;
const UNLIKE_SHARE = 0.15;
/** Each person's first events: the replay starts with this many people, so likes have likers. */
const FIRST_PEOPLE = 200;
const STEP_MS = 20;

type Step = keyof typeof REPLAY_MIX;

/**
 * A history of `total` valid events (plain data: the caller seals what is personal), as the write side
 * would have recorded it: each stream's versions from 1 in order, positions counting up, counts after
 * each like or comment as the write side computes them, applications to jobs that exist, a connection
 * accepted after its request. Deterministic for a seed, apart from the event ids.
 */
export function* replayHistory(total: number, seed = 17): Generator<EventEnvelope> {
  const random = new SeededRandom(seed);
  const start = Date.UTC(2026, 0, 1);
  let position = 0;
  const versions = new Map<string, number>();
  const people: string[] = [];
  const employers: string[] = [];
  const posts: { postId: string; likers: string[]; liked: Set<string>; comments: number }[] = [];
  const jobs: { jobId: string; employerId: string }[] = [];
  const pendingConnections: { connectionId: string; requesterId: string; recipientId: string }[] = [];
  const applications: { applicationId: string; jobId: string; applicantId: string; employerId: string }[] =
    [];

  const envelope = <T extends DomainEventType>(
    type: T,
    streamId: string,
    actorId: string | null,
    data: EventDataInput<T>,
  ): EventEnvelope => {
    const streamVersion = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, streamVersion);
    position++;
    return {
      id: randomUUID(),
      type,
      schemaVersion: domainEvents[type].schemaVersion,
      streamType: domainEvents[type].streamType,
      streamId,
      streamVersion,
      position,
      occurredAt: new Date(start + position * STEP_MS).toISOString(),
      actorId,
      correlationId: randomUUID(),
      causationId: null,
      data,
    };
  };
  const now = () => new Date(start + (position + 1) * STEP_MS).toISOString();
  const person = () => {
    const userId = randomUUID();
    const employer = random.chance(0.1);
    people.push(userId);
    if (employer) employers.push(userId);
    return envelope('UserRegistered', userId, userId, {
      ...domainEvents.UserRegistered.example,
      userId,
      firstName: `Person${people.length}`,
      lastName: random.pick(['Lovelace', 'Hopper', 'Turing', 'Liskov', 'Knuth']),
      email: `person${people.length}@example.com`,
      accountType: employer ? 'employer' : 'job_seeker',
      registeredAt: now(),
    });
  };
  /** Recent posts get most likes and comments. */
  const recentPost = () => posts[posts.length - 1 - Math.floor(posts.length * random.next() ** 3)];

  for (let i = 0; i < total; ) {
    const step: Step =
      people.length < FIRST_PEOPLE
        ? 'person'
        : posts.length === 0
          ? 'post'
          : random.weighted(Object.entries(REPLAY_MIX) as [Step, number][]);
    let event: EventEnvelope | undefined;
    switch (step) {
      case 'person':
        event = person();
        break;
      case 'post': {
        const postId = randomUUID();
        const authorId = random.pick(people);
        posts.push({ postId, likers: [], liked: new Set(), comments: 0 });
        event = envelope('PostCreated', postId, authorId, {
          postId,
          authorId,
          content: `Post ${posts.length}: what we learned replaying a million events.`,
          type: 'text',
          category: random.pick(['Career', 'Technology', 'News'] as const),
          visibility: 'public',
          tags: random.chance(0.5) ? ['Kafka', 'Postgres'] : ['hiring'],
          createdAt: now(),
        });
        break;
      }
      case 'comment': {
        const post = recentPost();
        if (!post) continue;
        const authorId = random.pick(people);
        post.comments++;
        event = envelope('CommentAdded', post.postId, authorId, {
          postId: post.postId,
          commentId: randomUUID(),
          authorId,
          content: `Comment ${post.comments}: congratulations!`,
          commentsCount: post.comments,
          createdAt: now(),
        });
        break;
      }
      case 'connection': {
        const waiting = pendingConnections.length > 0 && random.chance(0.5);
        if (waiting) {
          const c = pendingConnections.splice(random.int(0, pendingConnections.length - 1), 1)[0];
          if (!c) continue;
          event = envelope('ConnectionAccepted', c.connectionId, c.recipientId, { ...c, respondedAt: now() });
          break;
        }
        const requesterId = random.pick(people);
        const recipientId = random.pick(people);
        if (requesterId === recipientId) continue;
        const c = { connectionId: randomUUID(), requesterId, recipientId };
        pendingConnections.push(c);
        event = envelope('ConnectionRequested', c.connectionId, requesterId, { ...c, requestedAt: now() });
        break;
      }
      case 'job': {
        const employerId = employers.length > 0 ? random.pick(employers) : random.pick(people);
        const jobId = randomUUID();
        jobs.push({ jobId, employerId });
        event = envelope('JobPosted', jobId, employerId, {
          ...domainEvents.JobPosted.example,
          jobId,
          employerId,
          title: random.pick([
            'Backend Engineer',
            'Data Engineer',
            'Product Designer',
            'Site Reliability Engineer',
          ]),
          postedAt: now(),
        });
        break;
      }
      case 'application': {
        const earlier = applications.length > 0 && random.chance(0.4);
        if (earlier) {
          const a = applications.splice(random.int(0, applications.length - 1), 1)[0];
          if (!a) continue;
          event = envelope('ApplicationStatusChanged', a.applicationId, a.employerId, {
            ...a,
            from: 'pending',
            to: random.pick(['interview', 'rejected'] as const),
            changedAt: now(),
          });
          break;
        }
        const job = jobs.length > 0 ? random.pick(jobs) : undefined;
        const applicantId = random.pick(people);
        if (!job || applicantId === job.employerId) continue;
        const a = { applicationId: randomUUID(), jobId: job.jobId, applicantId, employerId: job.employerId };
        applications.push(a);
        event = envelope('ApplicationSubmitted', a.applicationId, applicantId, {
          ...domainEvents.ApplicationSubmitted.example,
          ...a,
          appliedAt: now(),
        });
        break;
      }
      case 'like': {
        const post = recentPost();
        if (!post) continue;
        if (post.likers.length > 0 && random.chance(UNLIKE_SHARE)) {
          const at = random.int(0, post.likers.length - 1);
          const userId = post.likers[at] as string;
          post.likers[at] = post.likers[post.likers.length - 1] as string;
          post.likers.pop();
          post.liked.delete(userId);
          event = envelope('PostUnliked', post.postId, userId, {
            postId: post.postId,
            userId,
            likesCount: post.likers.length,
            unlikedAt: now(),
          });
          break;
        }
        const userId = random.pick(people);
        if (post.liked.has(userId)) continue;
        post.liked.add(userId);
        post.likers.push(userId);
        event = envelope('PostLiked', post.postId, userId, {
          postId: post.postId,
          userId,
          likesCount: post.likers.length,
          likedAt: now(),
        });
        break;
      }
    }
    if (!event) continue;
    yield event;
    i++;
  }
}
