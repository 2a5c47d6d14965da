import { randomUUID } from 'node:crypto';
import type { DomainEventType, EventDataInput } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { jobEditedData, jobPostedData } from './jobs/testing.ts';
import type { projectorTestbed } from './testing.ts';

/**
 * The history of an account deletion, for its tests across every read model (their other helpers are
 * in `account-deletion-testing.ts`). One person (Dora) registers, fills her profile, posts, comments,
 * likes, connects, applies, saves jobs, follows tags and posts a job (and edits it); others interact
 * with her (Bob saves her job, Cy follows a tag of her post); she writes to and reads from people she is
 * connected with or linked to by an application, blocks and is blocked; then she deletes her account, which the write side records as the end of each of
 * her posts, comments, likes, connections, open applications and open jobs on their own streams, and
 * AccountDeleted last on hers (her saved jobs, followed tags, blocks and her side of her conversations
 * need no event of their own: they go with it). Ann reads Dora's last message after it: she keeps the
 * thread.
 */

export type DeletionBed = Awaited<ReturnType<typeof projectorTestbed>>;

export const dora = randomUUID();
export const [ann, bob, cy, eve] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
/** What only Dora's data holds: none of it may be left anywhere. */
export const doraText = {
  firstName: 'Dorothea',
  lastName: 'Quillfeather',
  email: 'dorothea.quillfeather@example.org',
  phone: '+351 912 345 678',
  bio: 'Lighthouse keeper turned data engineer',
  city: 'Aveiro',
  /** Her post and comment as she last edited them (first written otherwise: `drafts`). */
  post: 'Dorothea writes about tide tables',
  comment: 'Dorothea thinks this is splendid',
  coverLetter: 'Dorothea has wanted to work at Lumen since 2019',
  resume: 'dorothea-quillfeather-cv.pdf',
  /** A tag she follows. */
  followedTag: 'LighthouseKeeping',
  /** Her messages, to Ann, Eve and Bob. */
  messageToAnn: 'Dorothea can meet at the lighthouse',
  messageToEve: 'Dorothea accepts the interview',
  messageToBob: 'Dorothea read your application',
};
export const doraNeedles = [dora, ...Object.values(doraText)];
/** What her post and comment said before she edited them: gone with the edit already, and after it. */
export const doraDrafts = { post: 'Tide tables, first draft', comment: 'Splendid (first draft)' };

export const ids = {
  doraPost: randomUUID(),
  annPost: randomUUID(),
  bobPost: randomUUID(),
  doraComment: randomUUID(),
  bobCommentOnDora: randomUUID(),
  bobCommentOnAnn: randomUUID(),
  doraJob: randomUUID(),
  eveJob: randomUUID(),
  eveOtherJob: randomUUID(),
  doraPending: randomUUID(),
  doraAccepted: randomUUID(),
  bobApplication: randomUUID(),
};
/** Conversations: hers with Ann (connected), Eve (her application) and Bob (both); Ann's with Bob. */
export const conversations = {
  doraAnn: randomUUID(),
  doraEve: randomUUID(),
  doraBob: randomUUID(),
  annBob: randomUUID(),
};
/** Messages, by sender and conversation. */
export const messages = {
  annToDora: randomUUID(),
  doraToAnn: randomUUID(),
  annToDoraAgain: randomUUID(),
  eveToDora: randomUUID(),
  doraToEve: randomUUID(),
  doraToBob: randomUUID(),
  bobToDora: randomUUID(),
  annToBob: randomUUID(),
};
export const connections = {
  doraAnn: randomUUID(),
  bobDora: randomUUID(),
  doraCy: randomUUID(),
  annBob: randomUUID(),
  cyAnn: randomUUID(),
};

/** The whole history, in the order it happened, its envelopes made by the testbed's `event`. */
export function deletionHistory(event: DeletionBed['event']): EventEnvelope[] {
  let minute = 0;
  const at = () => new Date(Date.UTC(2026, 4, 1, 9, minute++)).toISOString();

  const history: EventEnvelope[] = [];
  const versions = new Map<string, number>();
  function record<T extends DomainEventType>(
    type: T,
    streamId: string,
    data: EventDataInput<T>,
  ): EventEnvelope {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    const envelope = {
      ...event(type, streamId, version, data),
      occurredAt: at(),
      actorId: null,
    };
    history.push(envelope);
    return envelope;
  }

  function register(userId: string, firstName: string, lastName: string, email: string) {
    record('UserRegistered', userId, {
      userId,
      firstName,
      lastName,
      email,
      accountType: 'job_seeker',
      registeredAt: at(),
    });
  }
  function profile(
    userId: string,
    fields: { firstName: string; lastName: string; email: string; phone: string; bio: string; city: string },
  ) {
    record('ProfileUpdated', userId, {
      userId,
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email,
      phone: fields.phone,
      bio: fields.bio,
      jobTitle: 'Engineer',
      location: { city: fields.city, state: '', country: 'Portugal' },
      jobPreferences: {
        roles: ['Data Engineer'],
        preferredLocation: null,
        salaryExpectation: { min: null, max: null, currency: 'EUR' },
      },
    });
  }
  const post = (postId: string, authorId: string, content: string) =>
    record('PostCreated', postId, {
      postId,
      authorId,
      content,
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: ['tides'],
      createdAt: at(),
    });
  function connect(connectionId: string, requesterId: string, recipientId: string, accept: boolean) {
    const parties = { connectionId, requesterId, recipientId };
    record('ConnectionRequested', connectionId, { ...parties, requestedAt: at() });
    if (accept) record('ConnectionAccepted', connectionId, { ...parties, respondedAt: at() });
    return parties;
  }
  function apply(
    applicationId: string,
    jobId: string,
    applicantId: string,
    employerId: string,
    coverLetter: string,
  ) {
    const parties = { applicationId, jobId, applicantId, employerId };
    record('ApplicationSubmitted', applicationId, {
      ...parties,
      coverLetter,
      expectedSalary: 70000,
      resume: applicantId === dora ? { resumeId: randomUUID(), filename: doraText.resume, size: 2048 } : null,
      appliedAt: at(),
    });
    return parties;
  }

  register(dora, doraText.firstName, doraText.lastName, doraText.email);
  register(ann, 'Ann', 'Tester', 'ann@example.com');
  register(bob, 'Bob', 'Tester', 'bob@example.com');
  register(cy, 'Cy', 'Tester', 'cy@example.com');
  register(eve, 'Eve', 'Employer', 'eve@example.com');
  profile(dora, { ...doraText });
  profile(ann, {
    firstName: 'Ann',
    lastName: 'Tester',
    email: 'ann@example.com',
    phone: '',
    bio: 'Ann here',
    city: 'Porto',
  });
  const rust = (userId: string) =>
    record('SkillsUpdated', userId, {
      userId,
      skills: [{ name: 'Rust', proficiency: 'Advanced', experience: 3 }],
    });
  rust(dora);
  rust(bob);
  record('ProfilePictureUploaded', dora, {
    userId: dora,
    pictureId: randomUUID(),
    size: 1000,
    uploadedAt: at(),
  });
  record('ResumeUploaded', dora, {
    userId: dora,
    resumeId: randomUUID(),
    filename: doraText.resume,
    size: 2048,
    uploadedAt: at(),
  });

  const doraAnn = connect(connections.doraAnn, dora, ann, true);
  const bobDora = connect(connections.bobDora, bob, dora, true);
  const doraCy = connect(connections.doraCy, dora, cy, false);
  connect(connections.annBob, ann, bob, true);
  connect(connections.cyAnn, cy, ann, true);

  // Her follows (one given up again), and Cy's of the tag of her post: Cy is not connected with her, so
  // her post reaches Cy's Following feed through the tag alone.
  record('TagFollowed', dora, { userId: dora, tag: doraText.followedTag, followedAt: at() });
  record('TagFollowed', dora, { userId: dora, tag: 'Tides', followedAt: at() });
  record('TagUnfollowed', dora, { userId: dora, tag: 'tides', unfollowedAt: at() });
  record('TagFollowed', cy, { userId: cy, tag: 'TIDES', followedAt: at() });
  post(ids.doraPost, dora, doraDrafts.post);
  post(ids.annPost, ann, 'Ann on tides');
  post(ids.bobPost, bob, 'Bob on boats');
  record('PostLiked', ids.doraPost, { postId: ids.doraPost, userId: ann, likesCount: 1, likedAt: at() });
  record('CommentAdded', ids.doraPost, {
    postId: ids.doraPost,
    commentId: ids.bobCommentOnDora,
    authorId: bob,
    content: 'Bob likes it',
    commentsCount: 1,
    createdAt: at(),
  });
  record('PostLiked', ids.annPost, { postId: ids.annPost, userId: bob, likesCount: 1, likedAt: at() });
  // Dora's like is the latest: once it is gone, Ann's like notification is dated by Bob's again.
  record('PostLiked', ids.annPost, { postId: ids.annPost, userId: dora, likesCount: 2, likedAt: at() });
  record('CommentAdded', ids.annPost, {
    postId: ids.annPost,
    commentId: ids.doraComment,
    authorId: dora,
    content: doraDrafts.comment,
    commentsCount: 1,
    createdAt: at(),
  });
  record('CommentAdded', ids.annPost, {
    postId: ids.annPost,
    commentId: ids.bobCommentOnAnn,
    authorId: bob,
    content: 'Bob agrees',
    commentsCount: 2,
    createdAt: at(),
  });
  // Edits: hers of her post and of her comment on Ann's (its notification to Ann quotes the new text),
  // and Bob's of his comment on hers (gone with her post).
  record('PostEdited', ids.doraPost, {
    postId: ids.doraPost,
    authorId: dora,
    content: doraText.post,
    editedAt: at(),
  });
  record('CommentEdited', ids.annPost, {
    postId: ids.annPost,
    commentId: ids.doraComment,
    authorId: dora,
    content: doraText.comment,
    editedAt: at(),
  });
  record('CommentEdited', ids.doraPost, {
    postId: ids.doraPost,
    commentId: ids.bobCommentOnDora,
    authorId: bob,
    content: 'Bob likes it a lot',
    editedAt: at(),
  });

  const rustJob = (jobId: string, employerId: string) => {
    const data = jobPostedData({
      jobId,
      employerId,
      postedAt: at(),
      skills: [{ name: 'Rust', required: true, proficiency: 'Advanced' }],
    });
    record('JobPosted', jobId, data);
    return data;
  };
  // Her job, edited once before anyone applied to it.
  const doraJob = rustJob(ids.doraJob, dora);
  record(
    'JobEdited',
    ids.doraJob,
    jobEditedData(doraJob, at(), { title: 'Rust Engineer', workLocation: 'Hybrid' }),
  );
  rustJob(ids.eveJob, eve);
  record(
    'JobPosted',
    ids.eveOtherJob,
    jobPostedData({ jobId: ids.eveOtherJob, employerId: eve, postedAt: at() }),
  );
  const pending = apply(ids.doraPending, ids.eveJob, dora, eve, doraText.coverLetter);
  const accepted = apply(ids.doraAccepted, ids.eveOtherJob, dora, eve, doraText.coverLetter);
  record('ApplicationStatusChanged', ids.doraAccepted, {
    ...accepted,
    from: 'pending',
    to: 'accepted',
    changedAt: at(),
  });
  const bobs = apply(ids.bobApplication, ids.doraJob, bob, dora, 'Bob would like to join');
  record('ApplicationStatusChanged', ids.bobApplication, {
    ...bobs,
    from: 'pending',
    to: 'interview',
    changedAt: at(),
  });
  // Saved jobs: hers (one saved and unsaved again), and Bob's of her job, which stays saved, closed.
  record('JobSaved', dora, { userId: dora, jobId: ids.eveJob, savedAt: at() });
  record('JobSaved', dora, { userId: dora, jobId: ids.eveOtherJob, savedAt: at() });
  record('JobUnsaved', dora, { userId: dora, jobId: ids.eveOtherJob, unsavedAt: at() });
  record('JobSaved', bob, { userId: bob, jobId: ids.doraJob, savedAt: at() });
  record('NotificationsRead', dora, { userId: dora, notificationIds: [randomUUID()], readAt: at() });
  record('AllNotificationsRead', dora, { userId: dora, upTo: at() });

  // Conversations: with Ann (connected), Eve (about the job Dora applied to) and Bob (connected, and
  // about her job he applied to), and Ann's with Bob; messages both ways, some read.
  const start = (
    conversationId: string,
    startedBy: string,
    other: string,
    job: { jobId: string; title: string } | null,
  ) => {
    const participantIds: [string, string] = startedBy < other ? [startedBy, other] : [other, startedBy];
    record('ConversationStarted', conversationId, {
      conversationId,
      participantIds,
      startedBy,
      job,
      startedAt: at(),
    });
    const people = { conversationId, participantIds };
    return {
      send: (messageId: string, senderId: string, text: string) =>
        record('MessageSent', conversationId, { ...people, messageId, senderId, text, sentAt: at() }),
      read: (readerId: string, upToMessageId: string) =>
        record('MessagesRead', conversationId, { ...people, readerId, upToMessageId, readAt: at() }),
    };
  };
  const withAnn = start(conversations.doraAnn, ann, dora, null);
  withAnn.send(messages.annToDora, ann, 'Ann would like to talk tides');
  withAnn.read(dora, messages.annToDora);
  withAnn.send(messages.doraToAnn, dora, doraText.messageToAnn);
  withAnn.send(messages.annToDoraAgain, ann, 'Ann will be there');
  const withEve = start(conversations.doraEve, eve, dora, { jobId: ids.eveOtherJob, title: 'Data Engineer' });
  withEve.send(messages.eveToDora, eve, 'Eve invites you to an interview');
  withEve.read(dora, messages.eveToDora);
  withEve.send(messages.doraToEve, dora, doraText.messageToEve);
  withEve.read(eve, messages.doraToEve);
  const withBob = start(conversations.doraBob, dora, bob, { jobId: ids.doraJob, title: 'Rust Engineer' });
  withBob.send(messages.doraToBob, dora, doraText.messageToBob);
  withBob.send(messages.bobToDora, bob, 'Bob is glad to hear it');
  const annBob = start(conversations.annBob, ann, bob, null);
  annBob.send(messages.annToBob, ann, 'Ann says hi to Bob');
  annBob.read(bob, messages.annToBob);
  // Blocks: hers of Cy, Eve's of her (both go with her account), and Ann's of Bob, Cy's of Ann lifted.
  record('PersonBlocked', dora, { userId: dora, blockedUserId: cy, blockedAt: at() });
  record('PersonBlocked', eve, { userId: eve, blockedUserId: dora, blockedAt: at() });
  record('PersonBlocked', ann, { userId: ann, blockedUserId: bob, blockedAt: at() });
  record('PersonBlocked', cy, { userId: cy, blockedUserId: ann, blockedAt: at() });
  record('PersonUnblocked', cy, { userId: cy, blockedUserId: ann, unblockedAt: at() });

  // The deletion, as the write side records it: the removals on their streams, AccountDeleted last.
  const removedAt = at();
  record('PostRemoved', ids.doraPost, { postId: ids.doraPost, authorId: dora, removedAt });
  record('CommentRemoved', ids.annPost, {
    postId: ids.annPost,
    commentId: ids.doraComment,
    authorId: dora,
    commentsCount: 1,
    removedAt,
  });
  record('PostUnliked', ids.annPost, {
    postId: ids.annPost,
    userId: dora,
    likesCount: 1,
    unlikedAt: removedAt,
  });
  record('ConnectionRemoved', connections.doraAnn, { ...doraAnn, removedBy: dora, removedAt });
  record('ConnectionRemoved', connections.bobDora, { ...bobDora, removedBy: dora, removedAt });
  record('ConnectionWithdrawn', connections.doraCy, { ...doraCy, withdrawnAt: removedAt });
  record('ApplicationWithdrawn', ids.doraPending, { ...pending, from: 'pending', withdrawnAt: removedAt });
  record('JobClosed', ids.doraJob, { jobId: ids.doraJob, employerId: dora, closedAt: removedAt });
  record('AccountDeleted', dora, { userId: dora, deletedAt: removedAt });
  // Ann, who keeps the thread, reads Dora's message after the deletion.
  withAnn.read(ann, messages.doraToAnn);
  return history;
}
