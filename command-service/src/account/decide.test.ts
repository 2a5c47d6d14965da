import { describe, expect, it } from 'vitest';
import type { ApplicationState } from '../applications/decide.ts';
import type { ConnectionState } from '../connections/decide.ts';
import type { JobState } from '../jobs/decide.ts';
import type { PostState } from '../posts/decide.ts';
import { type AccountHoldings, decideDeleteAccount } from './decide.ts';

const me = '00000000-0000-4000-8000-00000000000a';
const other = '00000000-0000-4000-8000-00000000000b';
const now = new Date('2025-03-01T10:00:00.000Z');
const at = now.toISOString();

const post = (id: string, authorId: string, likesCount: number, commentsCount: number): PostState => ({
  id,
  authorId,
  visibility: 'public',
  likesCount,
  commentsCount,
  version: 7,
});
const connection = (
  id: string,
  status: 'pending' | 'accepted',
  requesterId: string,
  recipientId: string,
): ConnectionState => ({ id, requesterId, recipientId, status, version: 2 });
const application = (id: string, status: ApplicationState['status']): ApplicationState => ({
  id,
  jobId: 'job-of-other',
  applicantId: me,
  employerId: other,
  status,
  resumeId: null,
  version: 3,
});
const job = (id: string, status: JobState['status']): JobState => ({
  id,
  employerId: me,
  status,
  applicationDeadline: null,
  closedAt: status === 'closed' ? at : null,
  listing: {} as JobState['listing'],
  version: 4,
});

const nothing: AccountHoldings = {
  userId: me,
  version: 12,
  ownPosts: [],
  touchedPosts: [],
  connections: [],
  applications: [],
  openJobs: [],
};

describe('decideDeleteAccount', () => {
  it('with nothing else of theirs, records AccountDeleted on their stream only', () => {
    expect(decideDeleteAccount(nothing, now)).toEqual([
      {
        stream: { type: 'user', id: me, version: 12 },
        events: [{ type: 'AccountDeleted', data: { userId: me, deletedAt: at } }],
      },
    ]);
  });

  it('removes their posts, then their comments and likes elsewhere with the counts after each', () => {
    const streams = decideDeleteAccount(
      {
        ...nothing,
        ownPosts: [post('own', me, 5, 2)],
        touchedPosts: [
          { post: post('theirs', other, 3, 4), liked: true, commentIds: ['c1', 'c2'] },
          { post: post('liked-only', other, 1, 0), liked: true, commentIds: [] },
        ],
      },
      now,
    );
    expect(
      streams.map(({ stream, events }) => [stream.id, stream.version, events.map((e) => e.type)]),
    ).toEqual([
      ['own', 7, ['PostRemoved']],
      ['theirs', 7, ['CommentRemoved', 'CommentRemoved', 'PostUnliked']],
      ['liked-only', 7, ['PostUnliked']],
      [me, 12, ['AccountDeleted']],
    ]);
    expect(streams[1]?.events.map((event) => event.data)).toEqual([
      { postId: 'theirs', commentId: 'c1', authorId: me, commentsCount: 3, removedAt: at },
      { postId: 'theirs', commentId: 'c2', authorId: me, commentsCount: 2, removedAt: at },
      { postId: 'theirs', userId: me, likesCount: 2, unlikedAt: at },
    ]);
    expect(streams[2]?.events[0]?.data).toEqual({
      postId: 'liked-only',
      userId: me,
      likesCount: 0,
      unlikedAt: at,
    });
  });

  it('ends each relationship as its state allows: removed, withdrawn or declined, by them', () => {
    const streams = decideDeleteAccount(
      {
        ...nothing,
        connections: [
          connection('accepted', 'accepted', other, me),
          connection('sent', 'pending', me, other),
          connection('received', 'pending', other, me),
        ],
      },
      now,
    );
    const parties = (id: string, requesterId: string, recipientId: string) => ({
      connectionId: id,
      requesterId,
      recipientId,
    });
    expect(streams.slice(0, 3).map(({ events }) => events)).toEqual([
      [
        {
          type: 'ConnectionRemoved',
          data: { ...parties('accepted', other, me), removedBy: me, removedAt: at },
        },
      ],
      [{ type: 'ConnectionWithdrawn', data: { ...parties('sent', me, other), withdrawnAt: at } }],
      [{ type: 'ConnectionDeclined', data: { ...parties('received', other, me), respondedAt: at } }],
    ]);
  });

  it('withdraws only their open applications and closes only their open jobs', () => {
    const streams = decideDeleteAccount(
      {
        ...nothing,
        applications: [
          application('pending', 'pending'),
          application('interview', 'interview'),
          application('accepted', 'accepted'),
          application('rejected', 'rejected'),
          application('withdrawn', 'withdrawn'),
        ],
        openJobs: [job('open', 'open'), job('closed', 'closed')],
      },
      now,
    );
    expect(streams.map(({ stream, events }) => [stream.id, events.map((e) => e.type)])).toEqual([
      ['pending', ['ApplicationWithdrawn']],
      ['interview', ['ApplicationWithdrawn']],
      ['open', ['JobClosed']],
      [me, ['AccountDeleted']],
    ]);
    expect(streams[1]?.events[0]?.data).toMatchObject({ from: 'interview', withdrawnAt: at });
    expect(streams[2]?.events[0]?.data).toEqual({ jobId: 'open', employerId: me, closedAt: at });
  });
});
