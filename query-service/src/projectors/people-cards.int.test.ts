import { randomUUID } from 'node:crypto';
import { type DomainEvent, domainEvents, parseDomainEvent } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationQueries } from './applications/queries.ts';
import { ConnectionQueries } from './connections/queries.ts';
import { JobQueries } from './jobs/queries.ts';
import { jobPostedData } from './jobs/testing.ts';
import { NotificationQueries } from './notifications/queries.ts';
import { type CardExtra, peopleCards } from './people-cards.ts';
import { PostQueries } from './posts/queries.ts';
import { suggestionsFor } from './suggestions/lists.ts';
import { projectorTestbed, testMessages } from './testing.ts';
import { profileUpdatedData } from './users/testing.ts';

/**
 * The cards each read model keeps of the people it shows (people-cards.ts): the users model's names,
 * job titles and pictures (and what else the model shows), in batches as one event at a time, the same
 * after a redelivery and after a rebuild; and a person's change shows in every model's reads.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let batched: Bed;
let oneByOne: Bed;
const { event, registered } = testMessages();

beforeAll(async () => {
  [batched, oneByOne] = await Promise.all([
    projectorTestbed('people-cards'),
    projectorTestbed('people-cards-one-by-one', { eventByEvent: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([batched?.close(), oneByOne?.close()]);
});

/** Every model's table of cards, with the extras the model keeps (as its projector makes them). */
const TABLES: Record<string, readonly CardExtra[]> = {
  post_people: [],
  job_people: [],
  application_people: [],
  connection_people: ['email', 'bio', 'location'],
  notification_people: ['push_notifications'],
  suggestion_cards: ['bio', 'skills'],
};

/** Each column of a card as the users model's row has it (`u`). */
const fromUsers = (column: string) =>
  column === 'push_notifications'
    ? `(u.notification_settings ->> 'pushNotifications')::boolean`
    : `u.${column}`;

const columnsOf = (table: string) => [
  'id',
  'first_name',
  'last_name',
  'job_title',
  'picture_id',
  ...(TABLES[table] ?? []),
];

type Queryable = Pick<Bed['pool'], 'query'>;

/** Every card of every model, by table. */
async function cardsOf(db: Queryable, schema: string): Promise<Record<string, unknown[]>> {
  const cards: Record<string, unknown[]> = {};
  for (const table of Object.keys(TABLES)) {
    const { rows } = await db.query(
      `SELECT ${columnsOf(table).join(', ')} FROM ${schema}.${table} ORDER BY id`,
    );
    cards[table] = rows;
  }
  return cards;
}

/** What each model's cards should be: the users model's rows, in each table's columns. */
async function usersAsCards(bed: Bed): Promise<Record<string, unknown[]>> {
  const cards: Record<string, unknown[]> = {};
  for (const table of Object.keys(TABLES)) {
    const { rows } = await bed.pool.query(
      `SELECT ${columnsOf(table)
        .map((c) => `${fromUsers(c)} AS ${c}`)
        .join(', ')} FROM ${bed.schema}.users u ORDER BY id`,
    );
    cards[table] = rows;
  }
  return cards;
}

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 9, minute)).toISOString();
const [ada, bob, cy, dee] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const [postId, commentId, applicationId, connectionId] = [
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
];
const job = jobPostedData({ employerId: ada, postedAt: at(5) });

/** People's own events: profiles, pictures put up and taken down, skills, settings, a deletion. */
const people: EventEnvelope[] = [
  registered(ada, 'Ada'),
  registered(bob, 'Bob'),
  registered(cy, 'Cy'),
  registered(dee, 'Dee'),
  event(
    'ProfileUpdated',
    ada,
    2,
    profileUpdatedData(ada, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'Analyst',
      bio: 'Engines',
      location: { city: 'London', state: '', country: 'UK' },
    }),
  ),
  event('ProfilePictureUploaded', ada, 3, {
    userId: ada,
    pictureId: randomUUID(),
    size: 100,
    uploadedAt: at(1),
  }),
  event('SkillsUpdated', ada, 4, {
    userId: ada,
    skills: [{ name: 'Mathematics', proficiency: 'Intermediate', experience: 10 }],
  }),
  event('NotificationSettingsUpdated', ada, 5, {
    userId: ada,
    settings: { ...domainEvents.NotificationSettingsUpdated.example.settings, pushNotifications: false },
  }),
  event('ProfilePictureUploaded', ada, 6, {
    userId: ada,
    pictureId: randomUUID(),
    size: 200,
    uploadedAt: at(2),
  }),
  event('ProfilePictureUploaded', bob, 2, {
    userId: bob,
    pictureId: randomUUID(),
    size: 300,
    uploadedAt: at(2),
  }),
  event('UserLoggedIn', bob, 3, { userId: bob, at: at(3) }),
  event('ProfilePictureRemoved', bob, 4, { userId: bob }),
  event('ProfileUpdated', cy, 2, profileUpdatedData(cy, { firstName: 'Cyrus', jobTitle: 'Gone soon' })),
  event('AccountDeleted', cy, 3, { userId: cy, deletedAt: at(4) }),
];

/**
 * What the models show those people on: a post and Bob's comment, a job and Bob's application, Bob's
 * request (Ada is told of all three).
 */
const shown: EventEnvelope[] = [
  event('PostCreated', postId, 1, {
    postId,
    authorId: ada,
    content: 'Notes on the engine',
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: [],
    createdAt: at(5),
  }),
  event('CommentAdded', postId, 2, {
    postId,
    commentId,
    authorId: bob,
    content: 'Marvellous',
    commentsCount: 1,
    createdAt: at(6),
  }),
  event('JobPosted', job.jobId, 1, job),
  event('ApplicationSubmitted', applicationId, 1, {
    applicationId,
    jobId: job.jobId,
    applicantId: bob,
    employerId: ada,
    coverLetter: 'Hello',
    expectedSalary: null,
    resume: null,
    appliedAt: at(7),
  }),
  event('ConnectionRequested', connectionId, 1, {
    connectionId,
    requesterId: bob,
    recipientId: ada,
    requestedAt: at(8),
  }),
];

const everything = [...people, ...shown];

/** How each model shows Ada and Bob (the names in its reads), and whom suggestions offer Dee. */
async function namesShown(bed: Bed) {
  const [post, posted, applicants, pending, sent, notifications, suggestions] = await Promise.all([
    new PostQueries(bed.pool, bed.redis, bed.schema).findPost(postId, dee),
    new JobQueries(bed.pool, bed.schema).findJob(job.jobId),
    new ApplicationQueries(bed.pool, bed.schema).applicantsOf(job.jobId, ada),
    new ConnectionQueries(bed.pool, bed.schema).pendingFor(ada),
    new ConnectionQueries(bed.pool, bed.schema).sentBy(bob),
    new NotificationQueries(bed.pool, bed.schema).list(ada, 1, 10),
    suggestionsFor(bed.pool, bed.schema, dee),
  ]);
  return {
    author: post?.author.firstName,
    commenter: post?.comments[0]?.author.firstName,
    poster: posted?.employer.firstName,
    applicants: applicants.map((a) => a.applicant.firstName),
    pending: pending.map((c) => c.user.firstName),
    sent: sent.map((c) => c.user.firstName),
    actors: notifications.data.flatMap((n) => n.actors.map((a) => a.firstName)),
    suggested: suggestions.data.map((s) => s.firstName).sort(),
  };
}

describe('people cards', () => {
  it('keeps in every model the cards of the users model, in batches as one event at a time', async () => {
    await batched.runner.applyMessages(everything.map(batched.message));
    for (const one of everything) await oneByOne.runner.applyMessages([oneByOne.message(one)]);
    const cards = await cardsOf(batched.pool, batched.schema);
    expect(cards).toEqual(await usersAsCards(batched));
    expect(await cardsOf(oneByOne.pool, oneByOne.schema)).toEqual(cards);
    // Three people in each (the deleted one in none), with what the users model has of them.
    expect(Object.values(cards).map((rows) => rows.length)).toEqual(Object.values(TABLES).map(() => 3));
    expect(cards.suggestion_cards).toContainEqual(
      expect.objectContaining({
        id: ada,
        last_name: 'Lovelace',
        bio: 'Engines',
        skills: [{ name: 'Mathematics', proficiency: 'Intermediate', experience: 10 }],
      }),
    );
    expect(cards.notification_people).toContainEqual(
      expect.objectContaining({ id: ada, push_notifications: false }),
    );
    expect(cards.connection_people).toContainEqual(
      expect.objectContaining({ id: bob, picture_id: null, email: `${bob}@example.com` }),
    );
  });

  it('leaves the same cards when each event is applied twice, one at a time or in one batch', async () => {
    const before = await cardsOf(batched.pool, batched.schema);
    const events: DomainEvent[] = people.map((e) => parseDomainEvent(JSON.parse(JSON.stringify(e))));
    const client = await batched.pool.connect();
    const ctx = { tx: client, schema: batched.schema };
    try {
      await client.query('BEGIN');
      for (const [table, extras] of Object.entries(TABLES)) {
        const cards = peopleCards(table, extras);
        await cards.reset(ctx);
        for (const one of events) {
          await cards.apply([one], ctx);
          await cards.apply([one], ctx);
        }
      }
      expect(await cardsOf(client, batched.schema)).toEqual(before);
      for (const [table, extras] of Object.entries(TABLES)) {
        const cards = peopleCards(table, extras);
        await cards.reset(ctx);
        await cards.apply(
          events.flatMap((one) => [one, one]),
          ctx,
        );
        // And once more: a whole batch delivered again.
        await cards.apply(events, ctx);
      }
      expect(await cardsOf(client, batched.schema)).toEqual(before);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('shows a new name in every model that shows the person, at once', async () => {
    expect(await namesShown(batched)).toEqual({
      author: 'Ada',
      commenter: 'Bob',
      poster: 'Ada',
      applicants: ['Bob'],
      pending: ['Bob'],
      sent: ['Ada'],
      actors: ['Bob', 'Bob', 'Bob'],
      suggested: ['Ada', 'Bob'],
    });
    await batched.runner.applyMessages(
      [
        event('ProfileUpdated', ada, 7, profileUpdatedData(ada, { firstName: 'Augusta' })),
        event('ProfileUpdated', bob, 5, profileUpdatedData(bob, { firstName: 'Robert' })),
      ].map(batched.message),
    );
    expect(await namesShown(batched)).toEqual({
      author: 'Augusta',
      commenter: 'Robert',
      poster: 'Augusta',
      applicants: ['Robert'],
      pending: ['Robert'],
      sent: ['Augusta'],
      actors: ['Robert', 'Robert', 'Robert'],
      suggested: ['Augusta', 'Robert'],
    });
    expect(await cardsOf(batched.pool, batched.schema)).toEqual(await usersAsCards(batched));
  });

  it('shows a post whose author registers later (another topic) with the name once it comes', async () => {
    const [eve, eves] = [randomUUID(), randomUUID()];
    await batched.runner.applyMessages([
      batched.message(
        event('PostCreated', eves, 1, {
          postId: eves,
          authorId: eve,
          content: 'First!',
          type: 'text',
          category: 'Career',
          visibility: 'public',
          tags: [],
          createdAt: at(9),
        }),
      ),
    ]);
    const posts = new PostQueries(batched.pool, batched.redis, batched.schema);
    expect((await posts.findPost(eves, dee))?.author).toMatchObject({
      _id: eve,
      firstName: '',
      lastName: '',
    });
    await batched.runner.applyMessages([batched.message(registered(eve, 'Eve'))]);
    expect((await posts.findPost(eves, dee))?.author).toMatchObject({ _id: eve, firstName: 'Eve' });
  });

  it('rebuilds into the same cards', async () => {
    const before = await cardsOf(batched.pool, batched.schema);
    const all = [...everything];
    // What the tests above applied since, in their streams' order.
    all.push(
      event('ProfileUpdated', ada, 7, profileUpdatedData(ada, { firstName: 'Augusta' })),
      event('ProfileUpdated', bob, 5, profileUpdatedData(bob, { firstName: 'Robert' })),
    );
    const { rows } = await batched.pool.query<{ id: string }>(
      `SELECT id FROM ${batched.schema}.post_people WHERE first_name = 'Eve'`,
    );
    const eve = rows[0]?.id as string;
    all.push(registered(eve, 'Eve'));
    await batched.rebuildFrom(all);
    expect(await cardsOf(batched.pool, batched.schema)).toEqual(before);
  });
});
