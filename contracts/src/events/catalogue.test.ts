import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleEvent } from '../catalogue-document.ts';
import { streamTypes } from '../topics.ts';
import {
  type DomainEventType,
  domainEvents,
  domainEventTypes,
  EventParseError,
  eventTypesOf,
  isKnownEventType,
  newEvent,
  parseDomainEvent,
  parseEventData,
  safeParseDomainEvent,
} from './catalogue.ts';
import { exampleIds } from './example-ids.ts';

const required: Record<DomainEventType, readonly string[]> = {
  UserRegistered: ['userId', 'firstName', 'lastName', 'email', 'accountType', 'registeredAt'],
  UserLoggedIn: ['userId', 'at'],
  UserLoggedOut: ['userId', 'at'],
  PasswordChanged: ['userId', 'changedAt'],
  ProfileUpdated: [
    'userId',
    'firstName',
    'lastName',
    'email',
    'phone',
    'bio',
    'jobTitle',
    'location',
    'jobPreferences',
  ],
  SkillsUpdated: ['userId', 'skills'],
  NotificationSettingsUpdated: ['userId', 'settings'],
  JobAlertEmailsChosen: ['userId', 'jobAlertEmails', 'chosenAt'],
  AppearanceSettingsUpdated: ['userId', 'settings'],
  ProfilePictureUploaded: ['userId', 'pictureId', 'size', 'uploadedAt'],
  ProfilePictureRemoved: ['userId'],
  ResumeUploaded: ['userId', 'resumeId', 'filename', 'size', 'uploadedAt'],
  ResumeRemoved: ['userId'],
  NotificationsRead: ['userId', 'notificationIds', 'readAt'],
  AllNotificationsRead: ['userId', 'upTo'],
  AccountDeleted: ['userId', 'deletedAt'],
  JobSaved: ['userId', 'jobId', 'savedAt'],
  JobUnsaved: ['userId', 'jobId', 'unsavedAt'],
  PersonBlocked: ['userId', 'blockedUserId', 'blockedAt'],
  PersonUnblocked: ['userId', 'blockedUserId', 'unblockedAt'],
  ConversationStarted: ['conversationId', 'participantIds', 'startedBy', 'job', 'startedAt'],
  MessageSent: ['conversationId', 'participantIds', 'messageId', 'senderId', 'text', 'sentAt'],
  MessagesRead: ['conversationId', 'participantIds', 'readerId', 'upToMessageId', 'readAt'],
  TagFollowed: ['userId', 'tag', 'followedAt'],
  TagUnfollowed: ['userId', 'tag', 'unfollowedAt'],
  PostEdited: ['postId', 'authorId', 'content', 'editedAt', 'tags'],
  CommentEdited: ['postId', 'commentId', 'authorId', 'content', 'editedAt'],
  PostRemoved: ['postId', 'authorId', 'removedAt'],
  CommentRemoved: ['postId', 'commentId', 'authorId', 'commentsCount', 'removedAt'],
  JobPosted: ['jobId', 'employerId', 'title', 'description', 'salary', 'company', 'postedAt'],
  JobEdited: ['jobId', 'employerId', 'title', 'description', 'salary', 'company', 'editedAt'],
  JobClosed: ['jobId', 'employerId', 'closedAt'],
  ApplicationSubmitted: [
    'applicationId',
    'jobId',
    'applicantId',
    'employerId',
    'coverLetter',
    'expectedSalary',
    'resume',
    'appliedAt',
  ],
  ApplicationStatusChanged: [
    'applicationId',
    'jobId',
    'applicantId',
    'employerId',
    'from',
    'to',
    'changedAt',
  ],
  ApplicationWithdrawn: ['applicationId', 'jobId', 'applicantId', 'employerId', 'from', 'withdrawnAt'],
  PostCreated: [
    'postId',
    'authorId',
    'content',
    'type',
    'category',
    'visibility',
    'tags',
    'createdAt',
    'images',
  ],
  PostLiked: ['postId', 'userId', 'likesCount', 'likedAt'],
  PostUnliked: ['postId', 'userId', 'likesCount', 'unlikedAt'],
  CommentAdded: ['postId', 'commentId', 'authorId', 'content', 'commentsCount', 'createdAt'],
  ConnectionRequested: ['connectionId', 'requesterId', 'recipientId', 'requestedAt'],
  ConnectionAccepted: ['connectionId', 'requesterId', 'recipientId', 'respondedAt'],
  ConnectionDeclined: ['connectionId', 'requesterId', 'recipientId', 'respondedAt'],
  ConnectionWithdrawn: ['connectionId', 'requesterId', 'recipientId', 'withdrawnAt'],
  ConnectionRemoved: ['connectionId', 'requesterId', 'recipientId', 'removedBy', 'removedAt'],
};

describe('the event catalogue', () => {
  it('holds exactly the documented events', () => {
    expect([...domainEventTypes].sort()).toEqual(Object.keys(required).sort());
  });

  it.each(domainEventTypes)('%s has its fields and validates its example', (type) => {
    const example = domainEvents[type].example as Record<string, unknown>;
    for (const field of required[type]) expect(example).toHaveProperty(field);
    expect(parseEventData(type, example)).toEqual(example);
  });

  it('files every event under one stream type, each with a past-tense name', () => {
    const all = streamTypes.flatMap((streamType) => eventTypesOf(streamType));
    expect(all.sort()).toEqual([...domainEventTypes].sort());
    for (const type of domainEventTypes)
      expect(type).toMatch(/^[A-Z][A-Za-z]+(ed|In|Out|To|Withdrawn|Read|Sent|Chosen)$/);
  });

  it('knows its own names only', () => {
    expect(isKnownEventType('PostLiked')).toBe(true);
    expect(isKnownEventType('LikePost')).toBe(false);
    expect(isKnownEventType('toString')).toBe(false);
  });
});

describe('no secrets in events', () => {
  const secretKeys = ['password', 'passwordHash', 'hash', 'sessionId', 'token', 'ip'];

  it.each(domainEventTypes)('%s rejects an extra secret field', (type) => {
    for (const key of secretKeys) {
      const data = { ...(domainEvents[type].example as object), [key]: 'x' };
      expect(() => parseEventData(type, data)).toThrow(/Unrecognized key/);
    }
  });

  it('rejects a secret nested in a part of the data', () => {
    const example = domainEvents.ProfileUpdated.example;
    const data = { ...example, location: { ...example.location, password: 'x' } };
    expect(() => parseEventData('ProfileUpdated', data)).toThrow(/Unrecognized key/);
  });

  it('no event schema has a field named like a secret', () => {
    const names = JSON.stringify(domainEventTypes.map((type) => z.toJSONSchema(domainEvents[type].data)));
    expect(names).not.toMatch(/password|hash|session|token|"ip"/i);
  });
});

describe('newEvent', () => {
  it('returns validated data', () => {
    const event = newEvent('UserLoggedOut', { userId: exampleIds.user, at: '2025-01-01T00:00:00.000Z' });
    expect(event).toEqual({
      type: 'UserLoggedOut',
      data: { userId: exampleIds.user, at: '2025-01-01T00:00:00.000Z' },
    });
  });

  it('throws on bad data', () => {
    expect(() => newEvent('UserLoggedOut', { userId: 'not-a-uuid', at: 'yesterday' })).toThrow();
  });
});

describe('parseDomainEvent', () => {
  const good = exampleEvent('PostLiked');

  it('returns a typed event for a good envelope', () => {
    const event = parseDomainEvent(good);
    expect(event.type).toBe('PostLiked');
    if (event.type !== 'PostLiked') throw new Error('narrowing failed');
    expect(event.data.likesCount).toBe(4);
    expect(event.streamType).toBe('post');
  });

  it('parses every example event', () => {
    for (const type of domainEventTypes) expect(parseDomainEvent(exampleEvent(type)).type).toBe(type);
  });

  it.each([
    ['invalid-envelope', { ...good, id: 'nope' }],
    ['invalid-envelope', { ...good, occurredAt: 'yesterday' }],
    ['invalid-envelope', null],
    ['unknown-type', { ...good, type: 'PostShared' }],
    ['unsupported-version', { ...good, schemaVersion: 2 }],
    ['stream-mismatch', { ...good, streamType: 'user' }],
    ['stream-mismatch', { ...good, streamId: exampleIds.job }],
    ['invalid-data', { ...good, data: { ...(good.data as object), likesCount: -1 } }],
    ['invalid-data', { ...good, data: { ...(good.data as object), password: 'hunter2' } }],
  ])('reports %s', (reason, input) => {
    const result = safeParseDomainEvent(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.reason).toBe(reason);
    expect(() => parseDomainEvent(input)).toThrow(EventParseError);
  });

  it('keeps the envelope fields', () => {
    const event = parseDomainEvent(good);
    expect(event).toMatchObject({
      id: good.id,
      streamId: good.streamId,
      streamVersion: 1,
      position: good.position,
    });
  });
});
