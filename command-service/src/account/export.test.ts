import { randomUUID } from 'node:crypto';
import { AccountExport } from '@careers/contracts/api/account-export';
import {
  type DomainEvent,
  type DomainEventType,
  domainEvents,
  type EventDataInput,
  newEvent,
  streamIdFields,
} from '@careers/contracts/events/catalogue';
import { describe, expect, it } from 'vitest';
import { ExportSummary, exportChunks, exportFilename } from './export.ts';

const me = randomUUID();
const other = randomUUID();
const at = '2025-01-17T12:00:00.000Z';
const later = '2025-01-17T15:30:00.000Z';
let position = 0;

/** An event as the log gives it back, opened and upcast. */
function event<T extends DomainEventType>(type: T, data: EventDataInput<T>): DomainEvent {
  const { streamType } = domainEvents[type];
  const parsed = newEvent(type, data).data as Record<string, unknown>;
  position += 1;
  return {
    id: randomUUID(),
    type,
    schemaVersion: domainEvents[type].schemaVersion,
    streamType,
    streamId: String(parsed[streamIdFields[streamType]]),
    streamVersion: 1,
    position,
    occurredAt: at,
    actorId: null,
    correlationId: randomUUID(),
    causationId: null,
    data: parsed,
  } as DomainEvent;
}

const registered = (userId: string, firstName = 'Ann') =>
  event('UserRegistered', {
    userId,
    firstName,
    lastName: 'Lovelace',
    email: `${firstName.toLowerCase()}@example.com`,
    accountType: 'job_seeker',
    registeredAt: at,
  });

const post = (postId: string, authorId: string) =>
  event('PostCreated', {
    postId,
    authorId,
    content: `post ${postId}`,
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: [],
    createdAt: at,
  });

function fold(events: DomainEvent[], removed: string[] = []) {
  const summary = new ExportSummary(me);
  for (const e of events) summary.apply(e);
  summary.postsRemoved(removed);
  return summary;
}

describe('ExportSummary', () => {
  it('is null without an account, and after the account was deleted', () => {
    expect(fold([]).result(new Date(at))).toBeNull();
    expect(
      fold([registered(me), event('AccountDeleted', { userId: me, deletedAt: at })]).result(new Date(at)),
    ).toBeNull();
  });

  it('keeps connections as their last event leaves them, and forgets withdrawn and removed ones', () => {
    const [pending, accepted, declined, withdrawn, removed] = [1, 2, 3, 4, 5].map(() => randomUUID()) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const parties = (connectionId: string, requesterId: string, recipientId: string) => ({
      connectionId,
      requesterId,
      recipientId,
    });
    const result = fold([
      registered(me),
      event('ConnectionRequested', { ...parties(pending, other, me), requestedAt: at }),
      event('ConnectionRequested', { ...parties(accepted, me, other), requestedAt: at }),
      event('ConnectionAccepted', {
        ...parties(accepted, me, other),
        respondedAt: '2025-01-18T00:00:00.000Z',
      }),
      event('ConnectionRequested', { ...parties(declined, me, other), requestedAt: at }),
      event('ConnectionDeclined', { ...parties(declined, me, other), respondedAt: at }),
      event('ConnectionRequested', { ...parties(withdrawn, me, other), requestedAt: at }),
      event('ConnectionWithdrawn', { ...parties(withdrawn, me, other), withdrawnAt: at }),
      event('ConnectionRequested', { ...parties(removed, other, me), requestedAt: at }),
      event('ConnectionAccepted', { ...parties(removed, other, me), respondedAt: at }),
      event('ConnectionRemoved', { ...parties(removed, other, me), removedBy: other, removedAt: at }),
    ]).result(new Date(at));
    expect(result?.connections).toEqual([
      { connectionId: pending, otherUserId: other, direction: 'received', status: 'pending', since: at },
      {
        connectionId: accepted,
        otherUserId: other,
        direction: 'sent',
        status: 'accepted',
        since: '2025-01-18T00:00:00.000Z',
      },
      { connectionId: declined, otherUserId: other, direction: 'sent', status: 'rejected', since: at },
    ]);
  });

  it('follows an application to its last status, withdrawn included', () => {
    const [jobId, moved, withdrawn] = [randomUUID(), randomUUID(), randomUUID()];
    const parties = (applicationId: string) => ({ applicationId, jobId, applicantId: me, employerId: other });
    const submitted = (applicationId: string) =>
      event('ApplicationSubmitted', {
        ...parties(applicationId),
        coverLetter: 'Hello',
        expectedSalary: null,
        resume: null,
        appliedAt: at,
      });
    const result = fold([
      registered(me),
      submitted(moved),
      event('ApplicationStatusChanged', {
        ...parties(moved),
        from: 'pending',
        to: 'interview',
        changedAt: at,
      }),
      event('ApplicationStatusChanged', {
        ...parties(moved),
        from: 'interview',
        to: 'accepted',
        changedAt: at,
      }),
      submitted(withdrawn),
      event('ApplicationWithdrawn', { ...parties(withdrawn), from: 'pending', withdrawnAt: at }),
    ]).result(new Date(at));
    expect(result?.applications.map((a) => [a.applicationId, a.status, a.resume])).toEqual([
      [moved, 'accepted', null],
      [withdrawn, 'withdrawn', null],
    ]);
  });

  it('drops likes taken back, comments removed, and whatever was on a post since removed', () => {
    const [mine, kept, gone, removedLater] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [c1, c2, c3] = [randomUUID(), randomUUID(), randomUUID()];
    const comment = (postId: string, commentId: string, authorId = me) =>
      event('CommentAdded', {
        postId,
        commentId,
        authorId,
        content: 'Nice',
        commentsCount: 1,
        createdAt: at,
      });
    const summary = fold([
      registered(me),
      post(mine, me),
      event('PostLiked', { postId: kept, userId: me, likesCount: 1, likedAt: at }),
      event('PostLiked', { postId: gone, userId: me, likesCount: 1, likedAt: at }),
      event('PostLiked', { postId: removedLater, userId: me, likesCount: 1, likedAt: at }),
      event('PostUnliked', { postId: gone, userId: me, likesCount: 0, unlikedAt: at }),
      comment(kept, c1),
      comment(kept, c2),
      event('CommentRemoved', { postId: kept, commentId: c2, authorId: me, commentsCount: 1, removedAt: at }),
      comment(removedLater, c3),
      // My own post, removed: my like-free post and its comments go.
      event('PostRemoved', { postId: mine, authorId: me, removedAt: at }),
    ]);
    expect(summary.othersPostIds().sort()).toEqual([kept, removedLater].sort());
    summary.postsRemoved([removedLater]);
    const result = summary.result(new Date(at));
    expect(result?.posts).toEqual([]);
    expect(result?.likes).toEqual([{ postId: kept, likedAt: at }]);
    expect(result?.comments.map((c) => c.commentId)).toEqual([c1]);
  });

  it('shows the text as the last edit left it, of posts and comments alike', () => {
    const [mine, others, c1, c2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const comment = (commentId: string, postId: string) =>
      event('CommentAdded', {
        postId,
        commentId,
        authorId: me,
        content: 'First',
        commentsCount: 1,
        createdAt: at,
      });
    const result = fold([
      registered(me),
      post(mine, me),
      event('PostEdited', { postId: mine, authorId: me, content: 'Second', editedAt: at }),
      event('PostEdited', { postId: mine, authorId: me, content: 'Third', editedAt: later }),
      comment(c1, others),
      event('CommentEdited', {
        postId: others,
        commentId: c1,
        authorId: me,
        content: 'Better',
        editedAt: at,
      }),
      comment(c2, others),
    ]).result(new Date(at));
    expect(result?.posts.map((p) => [p.postId, p.content, p.createdAt, p.editedAt])).toEqual([
      [mine, 'Third', at, later],
    ]);
    // When each was last edited; a comment never edited has no editedAt.
    expect(result?.comments.map((c) => [c.commentId, c.content, c.editedAt])).toEqual([
      [c1, 'Better', at],
      [c2, 'First', undefined],
    ]);
    expect(Object.hasOwn(result?.comments[1] ?? {}, 'editedAt')).toBe(false);
  });

  it("drops a post the person deleted and a comment deleted by the post's author, edits or not", () => {
    const [mine, kept, theirs, c1, c2] = [1, 2, 3, 4, 5].map(() => randomUUID()) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const result = fold([
      registered(me),
      post(mine, me),
      event('PostEdited', { postId: mine, authorId: me, content: 'Edited', editedAt: at }),
      post(kept, me),
      event('CommentAdded', {
        postId: theirs,
        commentId: c1,
        authorId: me,
        content: 'a',
        commentsCount: 1,
        createdAt: at,
      }),
      event('CommentEdited', { postId: theirs, commentId: c1, authorId: me, content: 'b', editedAt: at }),
      event('CommentAdded', {
        postId: theirs,
        commentId: c2,
        authorId: me,
        content: 'c',
        commentsCount: 2,
        createdAt: at,
      }),
      // Deleted by the post's author: the event names the comment's author, me.
      event('CommentRemoved', {
        postId: theirs,
        commentId: c1,
        authorId: me,
        commentsCount: 1,
        removedAt: at,
      }),
      event('PostRemoved', { postId: mine, authorId: me, removedAt: at }),
    ]).result(new Date(at));
    expect(result?.posts.map((p) => p.postId)).toEqual([kept]);
    expect(result?.comments.map((c) => c.commentId)).toEqual([c2]);
  });

  it("leaves the person's text alone when another person's edit is handed to it", () => {
    const [mine, c1] = [randomUUID(), randomUUID()];
    const result = fold([
      registered(me),
      post(mine, me),
      event('CommentAdded', {
        postId: mine,
        commentId: c1,
        authorId: me,
        content: 'Mine',
        commentsCount: 1,
        createdAt: at,
      }),
      event('PostEdited', { postId: mine, authorId: other, content: 'Not mine', editedAt: at }),
      event('CommentEdited', {
        postId: mine,
        commentId: c1,
        authorId: other,
        content: 'Not mine',
        editedAt: at,
      }),
    ]).result(new Date(at));
    expect(result?.posts.map((p) => p.content)).toEqual([`post ${mine}`]);
    expect(result?.comments.map((c) => c.content)).toEqual(['Mine']);
  });

  it('shows a posted job as its last edit left it, and leaves it alone on an edit of another poster', () => {
    const [jobId, closedId] = [randomUUID(), randomUUID()];
    const posting = (title: string, company: string) => ({
      employerId: me,
      title,
      description: 'Event logs.',
      requirements: [],
      jobType: 'Full-time' as const,
      workLocation: 'Remote' as const,
      experienceLevel: 'Mid Level' as const,
      category: 'Technology' as const,
      skills: [],
      location: { city: 'London', state: '', country: 'United Kingdom' },
      salary: { min: 70000, max: 90000, currency: 'USD' },
      company: { name: company, industry: 'Software', size: null, website: '' },
      benefits: [],
      applicationDeadline: null,
    });
    const result = fold([
      registered(me),
      event('JobPosted', { jobId, ...posting('Analyst', 'Engines Ltd'), postedAt: at }),
      event('JobEdited', { jobId, ...posting('Senior Analyst', 'Engines plc'), editedAt: at }),
      event('JobEdited', { jobId, ...posting('Lead Analyst', 'Engines plc'), editedAt: later }),
      event('JobEdited', { jobId, ...posting('Not mine', 'Theirs'), employerId: other, editedAt: later }),
      event('JobPosted', { jobId: closedId, ...posting('Designer', 'Engines Ltd'), postedAt: at }),
      event('JobEdited', { jobId: closedId, ...posting('Card Designer', 'Engines Ltd'), editedAt: at }),
      event('JobClosed', { jobId: closedId, employerId: me, closedAt: later }),
    ]).result(new Date(later));
    expect(result?.jobsPosted).toEqual([
      { jobId, title: 'Lead Analyst', companyName: 'Engines plc', closed: false, postedAt: at },
      { jobId: closedId, title: 'Card Designer', companyName: 'Engines Ltd', closed: true, postedAt: at },
    ]);
  });

  it('lists the jobs saved now, in the order they were saved, with when they were saved', () => {
    const [kept, unsaved, savedAgain, closed] = [1, 2, 3, 4].map(() => randomUUID()) as [
      string,
      string,
      string,
      string,
    ];
    const nextDay = '2025-01-18T08:00:00.000Z';
    const saved = (jobId: string, savedAt = at) => event('JobSaved', { userId: me, jobId, savedAt });
    const result = fold([
      registered(me),
      saved(kept),
      saved(unsaved),
      saved(savedAgain),
      saved(closed),
      event('JobUnsaved', { userId: me, jobId: unsaved, unsavedAt: at }),
      event('JobUnsaved', { userId: me, jobId: savedAgain, unsavedAt: at }),
      // A job that closes stays saved: JobClosed is the poster's, and changes nothing here.
      event('JobClosed', { jobId: closed, employerId: other, closedAt: at }),
      saved(savedAgain, nextDay),
      // Another person's saves are theirs.
      event('JobSaved', { userId: other, jobId: randomUUID(), savedAt: at }),
      event('JobUnsaved', { userId: other, jobId: kept, unsavedAt: at }),
    ]).result(new Date(at));
    expect(result?.savedJobs).toEqual([
      { jobId: kept, savedAt: at },
      { jobId: closed, savedAt: at },
      { jobId: savedAgain, savedAt: nextDay },
    ]);
    expect(result?.user.firstName).toBe('Ann');
  });

  it('lists the tags followed now, by tagKey, in the spelling and order they were followed', () => {
    const nextDay = '2025-01-18T08:00:00.000Z';
    const followed = (tag: string, followedAt = at) => event('TagFollowed', { userId: me, tag, followedAt });
    const result = fold([
      registered(me),
      followed('QA'),
      followed('Dropped'),
      followed('Again'),
      event('TagUnfollowed', { userId: me, tag: 'dropped', unfollowedAt: at }),
      event('TagUnfollowed', { userId: me, tag: 'Again', unfollowedAt: at }),
      followed('AGAIN', nextDay),
      // Another person's follows are theirs.
      event('TagFollowed', { userId: other, tag: 'Theirs', followedAt: at }),
      event('TagUnfollowed', { userId: other, tag: 'QA', unfollowedAt: at }),
    ]).result(new Date(at));
    expect(result?.followedTags).toEqual([
      { tag: 'QA', followedAt: at },
      { tag: 'AGAIN', followedAt: nextDay },
    ]);
  });

  it("lists a post's pictures as its event names them, and its tags as the last edit left them", () => {
    const postId = randomUUID();
    const imageId = randomUUID();
    const result = fold([
      registered(me),
      event('PostCreated', {
        postId,
        authorId: me,
        content: 'Look #first',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: ['given', 'first'],
        images: [{ imageId, alt: 'A chart', width: 1600, height: 900 }],
        createdAt: at,
      }),
      event('PostEdited', {
        postId,
        authorId: me,
        content: 'Look #second',
        tags: ['given', 'second'],
        editedAt: later,
      }),
    ]).result(new Date(at));
    expect(result?.posts).toEqual([
      {
        postId,
        content: 'Look #second',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: ['given', 'second'],
        images: [{ imageId, alt: 'A chart', width: 1600, height: 900 }],
        createdAt: at,
        editedAt: later,
      },
    ]);
  });

  it("ignores what another person's events say, even when handed one", () => {
    const result = fold([
      registered(me),
      registered(other, 'Ben'),
      post(randomUUID(), other),
      event('PostLiked', { postId: randomUUID(), userId: other, likesCount: 1, likedAt: at }),
    ]).result(new Date(at));
    expect(result?.user.firstName).toBe('Ann');
    expect(result?.posts).toEqual([]);
    expect(result?.likes).toEqual([]);
  });
});

describe('exportChunks', () => {
  async function text(events: DomainEvent[][]) {
    const summary = fold([registered(me)]).result(new Date(at));
    if (!summary) throw new Error('no account');
    async function* batches() {
      yield* events;
    }
    let out = '';
    for await (const chunk of exportChunks(summary, batches())) out += chunk;
    return out;
  }

  it('writes one JSON document whatever the batches: none, empty ones, several', async () => {
    const a = registered(me);
    const b = post(randomUUID(), me);
    const c = event('SkillsUpdated', { userId: me, skills: [] });
    for (const [batches, count] of [
      [[], 0],
      [[[], []], 0],
      [[[a]], 1],
      [[[a, b], [], [c]], 3],
    ] as const) {
      const parsed = AccountExport.parse(JSON.parse(await text(batches.map((batch) => [...batch]))));
      expect(parsed.events).toHaveLength(count);
    }
    const parsed = AccountExport.parse(JSON.parse(await text([[a, b], [c]])));
    expect(parsed.events.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect(parsed.events[1]).toEqual({
      id: b.id,
      type: 'PostCreated',
      streamType: 'post',
      streamId: b.streamId,
      occurredAt: at,
      data: b.data,
    });
    expect(parsed.user._id).toBe(me);
  });

  it('names the file after the UTC day', () => {
    expect(exportFilename(new Date('2025-03-01T23:30:00-02:00'))).toBe('careers-export-2025-03-02.json');
  });
});
