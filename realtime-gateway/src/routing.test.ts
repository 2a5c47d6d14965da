import { randomUUID } from 'node:crypto';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import { type DomainEvent, domainEvents, eventTypesOf } from '@careers/contracts/events/catalogue';
import {
  type ApplicationRelation,
  applicationAccessCases,
  canSeeApplication,
} from '@careers/contracts/policies/application-access';
import {
  canSeePost,
  isOpenToEveryone,
  type PostViewer,
  postAccessCases,
  type ViewerRelation,
} from '@careers/contracts/policies/post-access';
import { rooms } from '@careers/contracts/sockets';
import { streamTypes } from '@careers/contracts/topics';
import { describe, expect, it } from 'vitest';
import {
  accessRevokedBy,
  notificationMessageFor,
  pushedStreamTypes,
  roomsJoinedOnConnect,
  type SocketMessage,
  socketMessagesFor,
} from './routing.ts';

function event<T extends DomainEvent['type']>(
  type: T,
  streamId: string,
  streamVersion: number,
  data: object,
): DomainEvent {
  return {
    id: randomUUID(),
    type,
    schemaVersion: 1,
    streamType: domainEvents[type].streamType,
    streamId,
    streamVersion,
    position: 1,
    occurredAt: new Date().toISOString(),
    actorId: null,
    correlationId: 'c',
    causationId: null,
    data,
  } as DomainEvent;
}

describe('pushedStreamTypes', () => {
  // The gateway reads only these topics: an event of any other stream that pushed something would
  // never arrive.
  const unread = streamTypes.filter((type) => !(pushedStreamTypes as readonly string[]).includes(type));

  it.each(unread.flatMap((streamType) => eventTypesOf(streamType)))('%s pushes nothing', (type) => {
    expect(socketMessagesFor(event(type, randomUUID(), 1, {}))).toEqual([]);
  });

  it("leaves out the jobs' stream", () => {
    expect(unread).toEqual(['job']);
  });

  it("pushes nothing for a poster's edit of their job, as for its close: the jobs' topic is not read", () => {
    const jobId = randomUUID();
    const employerId = randomUUID();
    const { postedAt: _postedAt, ...posting } = domainEvents.JobPosted.example;
    const edited = { ...posting, jobId, employerId, title: 'Edited', editedAt: new Date().toISOString() };
    expect(socketMessagesFor(event('JobEdited', jobId, 2, edited))).toEqual([]);
    expect(
      socketMessagesFor(event('JobClosed', jobId, 3, { jobId, employerId, closedAt: edited.editedAt })),
    ).toEqual([]);
  });
});

describe('socketMessagesFor', () => {
  const postId = randomUUID();
  const a = randomUUID();
  const b = randomUUID();

  it("sends a like count to the room of that post, and the liker's heart to their own room", () => {
    expect(
      socketMessagesFor(event('PostLiked', postId, 7, { postId, userId: a, likesCount: 3, likedAt: '' })),
    ).toEqual([
      {
        room: `post:${postId}`,
        event: 'post:updated',
        payload: { postId, likesCount: 3, consistencyToken: `${postId}@7` },
      },
      {
        room: `user:${a}`,
        event: 'post:own-like',
        payload: { postId, isLiked: true, likesCount: 3, consistencyToken: `${postId}@7` },
      },
    ]);
    expect(
      socketMessagesFor(
        event('PostUnliked', postId, 8, { postId, userId: a, likesCount: 2, unlikedAt: '' }),
      )[1],
    ).toEqual({
      room: `user:${a}`,
      event: 'post:own-like',
      payload: { postId, isLiked: false, likesCount: 2, consistencyToken: `${postId}@8` },
    });
  });

  it("tells a person's own room when their profile, skills, picture, resume or settings change", () => {
    for (const type of [
      'ProfileUpdated',
      'SkillsUpdated',
      'NotificationSettingsUpdated',
      'AppearanceSettingsUpdated',
      'ProfilePictureUploaded',
      'ProfilePictureRemoved',
      'ResumeUploaded',
      'ResumeRemoved',
    ] as const) {
      expect(socketMessagesFor(event(type, a, 4, { userId: a })), type).toEqual([
        { room: `user:${a}`, event: 'user:updated', payload: { consistencyToken: `${a}@4` } },
      ]);
    }
  });

  it("tells a person's own room, and no one else's, when they save or unsave a job", () => {
    const jobId = randomUUID();
    expect(
      socketMessagesFor(event('JobSaved', a, 5, { userId: a, jobId, savedAt: '2026-03-01T09:00:00.000Z' })),
    ).toEqual([
      {
        room: `user:${a}`,
        event: 'jobs:saved-changed',
        payload: { jobId, saved: true, consistencyToken: `${a}@5` },
      },
    ]);
    expect(
      socketMessagesFor(
        event('JobUnsaved', a, 6, { userId: a, jobId, unsavedAt: '2026-03-01T09:05:00.000Z' }),
      ),
    ).toEqual([
      {
        room: `user:${a}`,
        event: 'jobs:saved-changed',
        payload: { jobId, saved: false, consistencyToken: `${a}@6` },
      },
    ]);
  });

  it('sends a new comment count to the post room', () => {
    const commentId = randomUUID();
    const [m] = socketMessagesFor(
      event('CommentAdded', postId, 8, {
        postId,
        commentId,
        authorId: a,
        content: 'x',
        commentsCount: 2,
        createdAt: '',
      }),
    );
    expect(m).toEqual({
      room: `post:${postId}`,
      event: 'post:comment-added',
      payload: { postId, commentId, commentsCount: 2, consistencyToken: `${postId}@8` },
    });
  });

  it('tells the post room that a comment is gone, with the count after', () => {
    const commentId = randomUUID();
    expect(
      socketMessagesFor(
        event('CommentRemoved', postId, 9, {
          postId,
          commentId,
          authorId: a,
          commentsCount: 1,
          removedAt: '',
        }),
      ),
    ).toEqual([
      {
        room: `post:${postId}`,
        event: 'post:comment-removed',
        payload: { postId, commentId, commentsCount: 1, consistencyToken: `${postId}@9` },
      },
    ]);
  });

  it("tells the post room that the post's text changed, with when, and nobody else", () => {
    const editedAt = '2026-05-01T10:00:00.000Z';
    expect(
      socketMessagesFor(event('PostEdited', postId, 11, { postId, authorId: a, content: 'new', editedAt })),
    ).toEqual([
      {
        room: `post:${postId}`,
        event: 'post:edited',
        payload: { postId, editedAt, consistencyToken: `${postId}@11` },
      },
    ]);
  });

  it("tells the post room that a comment's text changed, with which and when, and nobody else", () => {
    const commentId = randomUUID();
    const editedAt = '2026-05-01T10:05:00.000Z';
    expect(
      socketMessagesFor(
        event('CommentEdited', postId, 12, { postId, commentId, authorId: b, content: 'new', editedAt }),
      ),
    ).toEqual([
      {
        room: `post:${postId}`,
        event: 'post:comment-edited',
        payload: { postId, commentId, editedAt, consistencyToken: `${postId}@12` },
      },
    ]);
  });

  it('tells only the post room that a post is gone (never the whole feed)', () => {
    expect(
      socketMessagesFor(event('PostRemoved', postId, 10, { postId, authorId: a, removedAt: '' })),
    ).toEqual([
      {
        room: `post:${postId}`,
        event: 'post:removed',
        payload: { postId, consistencyToken: `${postId}@10` },
      },
    ]);
  });

  it('pushes nothing for an account deletion itself: its cascade events carried the news', () => {
    expect(socketMessagesFor(event('AccountDeleted', a, 5, { userId: a, deletedAt: '' }))).toEqual([]);
  });

  it('tells feed viewers about a new post', () => {
    const [m] = socketMessagesFor(
      event('PostCreated', postId, 1, { postId, authorId: a, visibility: 'public' }),
    );
    expect(m).toMatchObject({ room: 'feed', event: 'feed:post-created', payload: { postId, authorId: a } });
  });

  it('announces a connections-only post to its author alone', () => {
    const messages = socketMessagesFor(
      event('PostCreated', postId, 1, { postId, authorId: a, visibility: 'connections' }),
    );
    expect(messages.map((m) => m.room)).toEqual([`user:${a}`]);
  });

  it('sends a connection request to the person asked only, with the token', () => {
    const connectionId = randomUUID();
    const requested = socketMessagesFor(
      event('ConnectionRequested', connectionId, 1, {
        connectionId,
        requesterId: a,
        recipientId: b,
        requestedAt: '',
      }),
    );
    expect(requested).toEqual([
      {
        room: `user:${b}`,
        event: 'connection:requested',
        payload: { connectionId, requesterId: a, consistencyToken: `${connectionId}@1` },
      },
    ]);
  });

  it.each([
    ['ConnectionAccepted', 2, { respondedAt: '' }, 'accepted'],
    ['ConnectionDeclined', 2, { respondedAt: '' }, 'rejected'],
    ['ConnectionWithdrawn', 2, { withdrawnAt: '' }, 'withdrawn'],
    ['ConnectionRemoved', 3, { removedBy: b, removedAt: '' }, 'removed'],
  ] as const)('tells both people of %s as %s, in their own rooms alone', (type, version, extra, status) => {
    const connectionId = randomUUID();
    const messages = socketMessagesFor(
      event(type, connectionId, version, { connectionId, requesterId: a, recipientId: b, ...extra }),
    );
    const payload = { connectionId, status, consistencyToken: `${connectionId}@${version}` };
    expect(messages).toEqual([
      { room: `user:${a}`, event: 'connection:updated', payload },
      { room: `user:${b}`, event: 'connection:updated', payload },
    ]);
  });

  it('pushes nothing for events no screen shows live', () => {
    expect(socketMessagesFor(event('UserLoggedIn', a, 2, { userId: a, at: '' }))).toEqual([]);
  });
});

/**
 * The gateway against the one statement of who may see a post (`postAccessCases` in contracts). One
 * signed-in person stands in each relation to the author, in the rooms the gateway joins them to on
 * connect; a push reaches whoever is in one of its rooms.
 */
describe('live post pushes against the post access table', () => {
  const authorId = randomUUID();
  const people: Record<ViewerRelation, PostViewer> = {
    author: { userId: authorId, connectedToAuthor: false },
    connection: { userId: randomUUID(), connectedToAuthor: true },
    'pending request': { userId: randomUUID(), connectedToAuthor: false },
    stranger: { userId: randomUUID(), connectedToAuthor: false },
  };
  const who: Record<ViewerRelation, string> = {
    author: 'its author',
    connection: 'a connection of the author',
    'pending request': 'someone with a pending request to the author',
    stranger: 'a stranger',
  };

  const reaches = (messages: SocketMessage[], viewer: PostViewer) =>
    messages.some((m) => roomsJoinedOnConnect(viewer.userId).includes(m.room));

  function announcementOf(visibility: PostVisibility) {
    const postId = randomUUID();
    return socketMessagesFor(
      event('PostCreated', postId, 1, {
        postId,
        authorId,
        content: 'x',
        type: 'text',
        category: 'Career',
        visibility,
        tags: [],
        createdAt: '',
      }),
    );
  }

  const cases = postAccessCases.map((c) => ({ ...c, viewerIs: who[c.viewer] }));

  it.for(cases)(
    'given a new $visibility post, $viewerIs hears of it only if they may see it',
    ({ visibility, viewer, canSee }) => {
      const post = { authorId, visibility };
      // The table and the function it documents agree, so the routing is held to both.
      expect(canSeePost(post, people[viewer])).toBe(canSee);
      const told = reaches(announcementOf(visibility), people[viewer]);
      if (told) expect(canSee).toBe(true);
      // Not the reverse for everyone: a connection may see a connections-only post but is not told live,
      // as the gateway does not know who is connected. A post open to everyone must reach everyone.
      if (isOpenToEveryone(post)) expect(told).toBe(true);
    },
  );

  it("sends like counts and new comments to the post room and the liker's own room, never to the feed or another's room", () => {
    const postId = randomUUID();
    const messages = [
      ...socketMessagesFor(
        event('PostLiked', postId, 2, { postId, userId: authorId, likesCount: 1, likedAt: '' }),
      ),
      ...socketMessagesFor(
        event('CommentAdded', postId, 3, {
          postId,
          commentId: randomUUID(),
          authorId,
          content: 'x',
          commentsCount: 1,
          createdAt: '',
        }),
      ),
    ];
    expect(messages.map((m) => m.room)).toEqual([
      rooms.post(postId),
      rooms.user(authorId),
      rooms.post(postId),
    ]);
    for (const [name, viewer] of Object.entries(people)) {
      expect(reaches(messages, viewer), name).toBe(name === 'author');
    }
  });

  it("sends edits of a post and its comments to the post room alone, never to the feed or anyone's own room", () => {
    const postId = randomUUID();
    const messages = [
      ...socketMessagesFor(
        event('PostEdited', postId, 4, {
          postId,
          authorId,
          content: 'x',
          editedAt: '2026-05-01T10:00:00.000Z',
        }),
      ),
      ...socketMessagesFor(
        event('CommentEdited', postId, 5, {
          postId,
          commentId: randomUUID(),
          authorId,
          content: 'x',
          editedAt: '2026-05-01T10:01:00.000Z',
        }),
      ),
    ];
    expect(messages.map((m) => m.room)).toEqual([rooms.post(postId), rooms.post(postId)]);
    for (const [name, viewer] of Object.entries(people)) expect(reaches(messages, viewer), name).toBe(false);
  });

  // Who hears these is who is in the post's room, and a socket joins it only after the query-service
  // shows it the post (post-access.ts, by the same policy): e2e/security.int.test.ts has a stranger's
  // subscription to a connections-only post refused while a connection's is accepted.
});

describe('application pushes', () => {
  const applicationId = randomUUID();
  const jobId = randomUUID();
  const applicantId = randomUUID();
  const employerId = randomUUID();
  const parties = { applicationId, jobId, applicantId, employerId };

  it("tells the job's poster of a new application, and not the applicant who just sent it", () => {
    expect(
      socketMessagesFor(
        event('ApplicationSubmitted', applicationId, 1, {
          ...parties,
          coverLetter: 'x',
          expectedSalary: null,
          appliedAt: '',
        }),
      ),
    ).toEqual([
      {
        room: `user:${employerId}`,
        event: 'job:applications-changed',
        payload: { jobId, applicationId, status: 'pending', consistencyToken: `${applicationId}@1` },
      },
    ]);
  });

  it('tells the applicant and the poster where a moved application went', () => {
    expect(
      socketMessagesFor(
        event('ApplicationStatusChanged', applicationId, 2, {
          ...parties,
          from: 'pending',
          to: 'interview',
          changedAt: '',
        }),
      ),
    ).toEqual([
      {
        room: `user:${applicantId}`,
        event: 'application:updated',
        payload: { applicationId, jobId, status: 'interview', consistencyToken: `${applicationId}@2` },
      },
      {
        room: `user:${employerId}`,
        event: 'job:applications-changed',
        payload: { jobId, applicationId, status: 'interview', consistencyToken: `${applicationId}@2` },
      },
    ]);
  });

  it('tells both of a withdrawal', () => {
    const messages = socketMessagesFor(
      event('ApplicationWithdrawn', applicationId, 3, { ...parties, from: 'interview', withdrawnAt: '' }),
    );
    expect(messages.map((m) => [m.room, m.event, 'status' in m.payload ? m.payload.status : null])).toEqual([
      [`user:${applicantId}`, 'application:updated', 'withdrawn'],
      [`user:${employerId}`, 'job:applications-changed', 'withdrawn'],
    ]);
  });
});

/**
 * The gateway against the one statement of who may see an application (`applicationAccessCases` in
 * contracts): one signed-in person in each relation to an application, in the rooms they join on
 * connect. Every push about it reaches only people who may see it.
 */
describe('live application pushes against the application access table', () => {
  const applicationId = randomUUID();
  const jobId = randomUUID();
  const people: Record<ApplicationRelation, string> = {
    applicant: randomUUID(),
    poster: randomUUID(),
    'someone else': randomUUID(),
  };
  const parties = { applicationId, jobId, applicantId: people.applicant, employerId: people.poster };
  const lifecycle: { name: string; messages: SocketMessage[]; tells: ApplicationRelation[] }[] = [
    {
      name: 'submitted',
      messages: socketMessagesFor(
        event('ApplicationSubmitted', applicationId, 1, {
          ...parties,
          coverLetter: 'x',
          expectedSalary: 1,
          appliedAt: '',
        }),
      ),
      tells: ['poster'],
    },
    {
      name: 'moved',
      messages: socketMessagesFor(
        event('ApplicationStatusChanged', applicationId, 2, {
          ...parties,
          from: 'pending',
          to: 'rejected',
          changedAt: '',
        }),
      ),
      tells: ['applicant', 'poster'],
    },
    {
      name: 'withdrawn',
      messages: socketMessagesFor(
        event('ApplicationWithdrawn', applicationId, 2, { ...parties, from: 'pending', withdrawnAt: '' }),
      ),
      tells: ['applicant', 'poster'],
    },
  ];
  const who: Record<ApplicationRelation, string> = {
    applicant: 'its applicant',
    poster: "the job's poster",
    'someone else': 'someone else',
  };
  const cases = applicationAccessCases.flatMap((c) =>
    lifecycle.map((step) => ({ ...c, step, viewerIs: who[c.viewer], name: step.name })),
  );

  it.for(cases)(
    'when an application is $name, $viewerIs hears of it only if they may see it',
    ({ viewer, canSee, step }) => {
      const userId = people[viewer];
      // The table and the function it documents agree, so the routing is held to both.
      expect(canSeeApplication(parties, userId)).toBe(canSee);
      const told = step.messages.some((m) => roomsJoinedOnConnect(userId).includes(m.room));
      if (told) expect(canSee).toBe(true);
      expect(told).toBe(step.tells.includes(viewer));
    },
  );

  it('sends application news to user rooms alone, never to the feed or a post room', () => {
    const everyRoom = lifecycle.flatMap((step) => step.messages.map((m) => m.room));
    expect(new Set(everyRoom)).toEqual(new Set([rooms.user(people.applicant), rooms.user(people.poster)]));
  });
});

describe('notifications:changed', () => {
  it('goes to the person’s own room alone, with the count and no token', () => {
    const userId = randomUUID();
    const notificationId = randomUUID();
    const message = notificationMessageFor({ userId, unreadCount: 3, notificationId });
    expect(message).toEqual({
      room: rooms.user(userId),
      event: 'notifications:changed',
      payload: { unreadCount: 3, notificationId },
    });
    expect(roomsJoinedOnConnect(userId)).toContain(message.room);
    expect(roomsJoinedOnConnect(randomUUID())).not.toContain(message.room);
  });
});

describe('accessRevokedBy', () => {
  it('names both people of a removed connection, with the removal token; nothing else revokes', () => {
    const connectionId = randomUUID();
    const [requesterId, recipientId] = [randomUUID(), randomUUID()];
    const parties = { connectionId, requesterId, recipientId };
    expect(
      accessRevokedBy(
        event('ConnectionRemoved', connectionId, 3, { ...parties, removedBy: requesterId, removedAt: '' }),
      ),
    ).toEqual({ userIds: [requesterId, recipientId], consistencyToken: `${connectionId}@3` });
    expect(
      accessRevokedBy(event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: '' })),
    ).toBeNull();
  });
});

describe('messaging pushes', () => {
  const conversationId = randomUUID();
  const [a, b] = [randomUUID(), randomUUID()];
  const participantIds = [a, b];

  it('tells both people of a message, without its sealed text (the thread reads it again with the token)', () => {
    const messageId = randomUUID();
    const sentAt = new Date().toISOString();
    const messages = socketMessagesFor(
      event('MessageSent', conversationId, 2, {
        conversationId,
        participantIds,
        messageId,
        senderId: a,
        text: '',
        sentAt,
      }),
    );
    expect(messages).toEqual(
      [a, b].map((userId) => ({
        room: rooms.user(userId),
        event: 'message:new',
        payload: {
          conversationId,
          messageId,
          senderId: a,
          sentAt,
          consistencyToken: `${conversationId}@2`,
        },
      })),
    );
  });

  it('tells both people of a read, and nobody of a conversation begun or a block', () => {
    const upToMessageId = randomUUID();
    expect(
      socketMessagesFor(
        event('MessagesRead', conversationId, 3, {
          conversationId,
          participantIds,
          readerId: b,
          upToMessageId,
          readAt: '',
        }),
      ).map((m) => [m.room, m.event, m.payload]),
    ).toEqual(
      [a, b].map((userId) => [
        rooms.user(userId),
        'conversation:read',
        { conversationId, readerId: b, upToMessageId, consistencyToken: `${conversationId}@3` },
      ]),
    );
    expect(socketMessagesFor(event('ConversationStarted', conversationId, 1, {}))).toEqual([]);
    expect(socketMessagesFor(event('PersonBlocked', a, 2, {}))).toEqual([]);
  });
});
