import { randomUUID } from 'node:crypto';
import { domainEvents } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { ConversationCursor } from '@careers/contracts/requests/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { MessagingQueries } from './queries.ts';

/** The messaging read model: conversations, messages, read marks, links and blocks, from the events. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let one: Awaited<ReturnType<typeof projectorTestbed>>;
let q: MessagingQueries;

beforeAll(async () => {
  bed = await projectorTestbed('messaging');
  one = await projectorTestbed('messaging-one', { eventByEvent: true });
  q = new MessagingQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
  await one?.close();
});

const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 9, minute)).toISOString();

const [ann, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
const conversation = randomUUID();
const other = randomUUID();
const connection = randomUUID();
const application = randomUUID();
const job = randomUUID();
const m = Array.from({ length: 6 }, () => randomUUID());

/** The whole history, in the order it happened. */
function history(): EventEnvelope[] {
  const v = new Map<string, number>();
  const next = (id: string) => {
    const n = (v.get(id) ?? 0) + 1;
    v.set(id, n);
    return n;
  };
  const e = bed.event;
  const participantIds: [string, string] = [ann, bob];
  const sent = (messageId: string, senderId: string, minute: number, text: string) =>
    e('MessageSent', conversation, next(conversation), {
      conversationId: conversation,
      participantIds,
      messageId,
      senderId,
      text,
      sentAt: at(minute),
    });
  const read = (readerId: string, upToMessageId: string, minute: number) =>
    e('MessagesRead', conversation, next(conversation), {
      conversationId: conversation,
      participantIds,
      readerId,
      upToMessageId,
      readAt: at(minute),
    });
  for (const id of [ann, bob, cy]) next(id);
  return [
    bed.registered(ann, 'Ann'),
    bed.registered(bob, 'Bob'),
    bed.registered(cy, 'Cy'),
    e('ProfileUpdated', bob, next(bob), {
      ...domainEvents.ProfileUpdated.example,
      userId: bob,
      firstName: 'Bob',
      lastName: 'Builder',
      jobTitle: 'Recruiter',
    }),
    e('ConnectionRequested', connection, next(connection), {
      connectionId: connection,
      requesterId: ann,
      recipientId: bob,
      requestedAt: at(0),
    }),
    e('ConnectionAccepted', connection, next(connection), {
      connectionId: connection,
      requesterId: ann,
      recipientId: bob,
      respondedAt: at(1),
    }),
    e('ConversationStarted', conversation, next(conversation), {
      conversationId: conversation,
      participantIds,
      startedBy: ann,
      job: null,
      startedAt: at(2),
    }),
    sent(m[0] as string, ann, 3, 'Hello Bob'),
    sent(m[1] as string, ann, 4, 'Are you there?'),
    sent(m[2] as string, bob, 5, 'Yes'),
    read(bob, m[1] as string, 6),
    read(ann, m[2] as string, 7),
    sent(m[3] as string, ann, 8, 'Great'),
    // Cy and Ann, linked by an application to Cy's job.
    e('ApplicationSubmitted', application, next(application), {
      applicationId: application,
      jobId: job,
      applicantId: ann,
      employerId: cy,
      coverLetter: '',
      expectedSalary: null,
      appliedAt: at(9),
    } as never),
    e('ConversationStarted', other, next(other), {
      conversationId: other,
      participantIds: [cy, ann],
      startedBy: cy,
      job: { jobId: job, title: 'Lighthouse keeper' },
      startedAt: at(10),
    }),
    e('MessageSent', other, next(other), {
      conversationId: other,
      participantIds: [cy, ann],
      messageId: m[4] as string,
      senderId: cy,
      text: 'About the job',
      sentAt: at(11),
    }),
    e('PersonBlocked', bob, next(bob), { userId: bob, blockedUserId: ann, blockedAt: at(12) }),
  ];
}

async function tableRows(b: typeof bed): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of [
    'conversations',
    'conversation_members',
    'messages',
    'messaging_people',
    'messaging_links',
    'messaging_blocks',
  ]) {
    out[t] = (await b.pool.query(`SELECT to_jsonb(t)::text AS r FROM ${b.schema}.${t} t ORDER BY 1`)).rows;
  }
  return out;
}

describe('the messaging read model', () => {
  let events: EventEnvelope[];
  beforeAll(() => {
    events = history();
  });

  it("lists the reader's conversations, latest changed first, with the other person, unread counts, seen and the rules", async () => {
    await bed.runner.applyMessages(events.map(bed.message));
    const { data, nextBefore } = await q.list(ann, undefined, 20);
    expect(nextBefore).toBeNull();
    expect(data.map((c) => c._id)).toEqual([other, conversation]);
    const [withCy, withBob] = data;
    expect(withCy).toMatchObject({
      other: { _id: cy, firstName: 'Cy' },
      job: { jobId: job, title: 'Lighthouse keeper' },
      lastMessage: { _id: m[4], text: 'About the job', erased: false, senderId: cy },
      unreadCount: 1,
      canWrite: true,
      blockedByMe: false,
    });
    // Bob blocked Ann: she may not write, and is not told who blocked whom.
    expect(withBob).toMatchObject({
      other: { _id: bob, firstName: 'Bob', lastName: 'Builder', jobTitle: 'Recruiter' },
      lastMessage: { _id: m[3], text: 'Great' },
      unreadCount: 0,
      seenUpTo: m[1],
      canWrite: false,
      blockedByMe: false,
    });
    const bobs = (await q.list(bob, undefined, 20)).data;
    expect(bobs).toMatchObject([{ _id: conversation, unreadCount: 1, seenUpTo: m[2], blockedByMe: true }]);
    expect(await q.unreadCount(ann)).toBe(1);
    expect(await q.unreadCount(bob)).toBe(1);
    // Paged by time and id.
    const first = await q.list(ann, undefined, 1);
    expect(first.data.map((c) => c._id)).toEqual([other]);
    expect(first.nextBefore).toBe(`${at(11)}~${other}`);
    const next = await q.list(ann, ConversationCursor.parse(first.nextBefore), 1);
    expect(next.data.map((c) => c._id)).toEqual([conversation]);
  });

  it('pages a thread newest first, before a message; a conversation the reader is not in is null', async () => {
    const page = await q.thread(ann, conversation, undefined, 2);
    expect(page?.messages.map((x) => x.text)).toEqual(['Great', 'Yes']);
    expect(page?.nextBefore).toBe(m[2]);
    const back = await q.thread(ann, conversation, page?.nextBefore ?? undefined, 2);
    expect(back?.messages.map((x) => x.text)).toEqual(['Are you there?', 'Hello Bob']);
    expect(back?.nextBefore).toBeNull();
    expect(await q.thread(cy, conversation, undefined, 2)).toBeNull();
    expect(await q.thread(ann, randomUUID(), undefined, 2)).toBeNull();
  });

  it('changes nothing when everything is delivered again, in order and reversed', async () => {
    const before = await tableRows(bed);
    expect(await bed.runner.applyMessages(events.map(bed.message))).toEqual({
      applied: 0,
      skipped: events.length,
    });
    expect(await bed.runner.applyMessages([...events].reverse().map(bed.message))).toEqual({
      applied: 0,
      skipped: events.length,
    });
    expect(await tableRows(bed)).toEqual(before);
  });

  it('is rebuilt to the same rows event by event as in one batch', async () => {
    const before = await tableRows(bed);
    await one.rebuildFrom(events);
    expect(await tableRows(one)).toEqual(before);
    await bed.rebuildFrom(events, 5);
    expect(await tableRows(bed)).toEqual(before);
  });

  it("erases a deleted person's messages and takes their rows; the other keeps the thread, and a lagging message arrives erased", async () => {
    const deletion = bed.event('AccountDeleted', ann, 2, { userId: ann, deletedAt: at(20) });
    const late = bed.event('MessageSent', conversation, 12, {
      conversationId: conversation,
      participantIds: [ann, bob],
      messageId: m[5] as string,
      senderId: ann,
      text: 'Sent before, applied after',
      sentAt: at(19),
    });
    await bed.runner.applyMessages([deletion, late].map(bed.message));
    expect((await q.list(ann, undefined, 20)).data).toEqual([]);
    const page = await q.thread(bob, conversation, undefined, 10);
    expect(page?.messages.map((x) => [x.text, x.erased])).toEqual([
      ['', true],
      ['', true],
      ['Yes', false],
      ['', true],
      ['', true],
    ]);
    expect(page?.conversation).toMatchObject({ other: { _id: ann, firstName: '' }, canWrite: false });
    const all = [...events, deletion, late];
    const after = await tableRows(bed);
    await one.rebuildFrom(all);
    expect(await tableRows(one)).toEqual(after);
  });
});

describe('the messaging read model, paging', () => {
  let ties: Awaited<ReturnType<typeof projectorTestbed>>;
  beforeAll(async () => {
    ties = await projectorTestbed('messaging-ties');
  });
  afterAll(() => ties?.close());

  it('pages through conversations changed in the same millisecond without losing one', async () => {
    const reader = randomUUID();
    const others = Array.from({ length: 5 }, () => randomUUID());
    const started = others.map((person, n) => {
      const id = randomUUID();
      return ties.event('ConversationStarted', id, 1, {
        conversationId: id,
        participantIds: [reader, person],
        startedBy: reader,
        job: null,
        // Three of the five in one millisecond.
        startedAt: at(n < 3 ? 30 : 30 + n),
      });
    });
    await ties.runner.applyMessages(
      [
        ties.registered(reader, 'Dee'),
        ...others.map((person) => ties.registered(person, 'Eve')),
        ...started,
      ].map(bed.message),
    );
    const seen: string[] = [];
    let before: string | null | undefined;
    do {
      const page = await new MessagingQueries(ties.pool, ties.schema).list(
        reader,
        before ? ConversationCursor.parse(before) : undefined,
        2,
      );
      seen.push(...page.data.map((c) => c._id));
      before = page.nextBefore;
    } while (before);
    expect(seen.sort()).toEqual(started.map((event) => event.streamId).sort());
  });
});

describe('the messaging read model, links in runs', () => {
  let runs: Awaited<ReturnType<typeof projectorTestbed>>;
  beforeAll(async () => {
    runs = await projectorTestbed('messaging-links');
  });
  afterAll(() => runs?.close());

  it('keeps the last change of each link in a run of connection events, and makes none to a person who left', async () => {
    const [dee, eve, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const [ended, kept, toGone] = [randomUUID(), randomUUID(), randomUUID()];
    const hired = randomUUID();
    const e = runs.event;
    const link = (connectionId: string, requesterId: string, recipientId: string) => ({
      connectionId,
      requesterId,
      recipientId,
    });
    const people = [
      runs.registered(dee, 'Dee'),
      runs.registered(eve, 'Eve'),
      runs.registered(gone, 'Gus'),
      e('AccountDeleted', gone, 2, { userId: gone, deletedAt: at(0) }),
    ];
    // One topic's run: a link made and ended, one made, and one to the person who left.
    const network = [
      e('ConnectionRequested', ended, 1, { ...link(ended, dee, eve), requestedAt: at(1) }),
      e('ConnectionAccepted', ended, 2, { ...link(ended, dee, eve), respondedAt: at(2) }),
      e('ConnectionRequested', kept, 1, { ...link(kept, eve, dee), requestedAt: at(3) }),
      e('ConnectionAccepted', kept, 2, { ...link(kept, eve, dee), respondedAt: at(4) }),
      e('ConnectionRemoved', ended, 3, { ...link(ended, dee, eve), removedBy: eve, removedAt: at(5) }),
      e('ConnectionRequested', toGone, 1, { ...link(toGone, gone, dee), requestedAt: at(6) }),
      e('ConnectionAccepted', toGone, 2, { ...link(toGone, gone, dee), respondedAt: at(7) }),
    ];
    const applications = [
      e('ApplicationSubmitted', hired, 1, {
        applicationId: hired,
        jobId: randomUUID(),
        applicantId: eve,
        employerId: dee,
        coverLetter: '',
        expectedSalary: null,
        appliedAt: at(8),
      } as never),
    ];
    const all = [...people, ...network, ...applications];
    await runs.runner.applyMessages(people.map(runs.message));
    await runs.runner.applyMessages(network.map(runs.message));
    await runs.runner.applyMessages(applications.map(runs.message));
    const links = async () =>
      (
        await runs.pool.query<{ link_id: string }>(
          `SELECT link_id FROM ${runs.schema}.messaging_links ORDER BY link_id`,
        )
      ).rows.map((r) => r.link_id);
    expect(await links()).toEqual([kept, hired].sort());
    // As applied one event at a time.
    const before = await tableRows(runs);
    await one.rebuildFrom(all);
    expect(await tableRows(one)).toEqual(before);
    // Delivered again, in order and reversed: skipped, nothing changes.
    expect((await runs.runner.applyMessages(all.map(runs.message))).applied).toBe(0);
    expect((await runs.runner.applyMessages([...all].reverse().map(runs.message))).applied).toBe(0);
    expect(await tableRows(runs)).toEqual(before);
  });
});
