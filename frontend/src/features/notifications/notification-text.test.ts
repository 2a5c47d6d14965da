import { Notification } from '@careers/contracts/entities/notification';
import { notificationText, targetPath } from '@careers/contracts/notification-text';
import { describe, expect, it } from 'vitest';
import { notificationParts } from './notification-text';

const person = (firstName: string, lastName: string, n: number) => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName,
  lastName,
  profilePicture: null,
});
const ada = person('Ada', 'Lovelace', 1);
const bob = person('Bob', 'Babbage', 2);
const jobId = '10000000-0000-4000-8000-000000000001';

function aNotification(fields: Partial<Notification>): Notification {
  return Notification.parse({
    _id: '20000000-0000-4000-8000-000000000001',
    kind: 'connection_request',
    actors: [ada],
    actorCount: 1,
    target: { type: 'connections', tab: 'pending' },
    jobTitle: null,
    company: null,
    status: null,
    excerpt: null,
    read: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...fields,
  });
}

describe('notificationText', () => {
  it.each<[string, Partial<Notification>, string]>([
    ['a request', {}, 'Ada Lovelace wants to connect with you'],
    ['an acceptance', { kind: 'connection_accepted' }, 'Ada Lovelace accepted your connection request'],
    [
      'an application',
      { kind: 'new_application', jobTitle: 'Engineer', target: { type: 'job_applicants', jobId } },
      'Ada Lovelace applied to Engineer',
    ],
    [
      'a status',
      { kind: 'application_status', jobTitle: 'Engineer', status: 'interview', actors: [], actorCount: 0 },
      'Your application for Engineer is now interview',
    ],
    [
      'a comment',
      { kind: 'post_comment', excerpt: 'Well said', target: { type: 'post', postId: jobId } },
      'Ada Lovelace commented on your post: "Well said"',
    ],
    [
      'two likes',
      { kind: 'post_likes', actors: [ada, bob], actorCount: 2 },
      'Ada Lovelace and Bob Babbage liked your post',
    ],
    [
      'five likes',
      { kind: 'post_likes', actors: [ada, bob], actorCount: 5 },
      'Ada Lovelace and 4 others liked your post',
    ],
    [
      'a job alert',
      { kind: 'job_alert', jobTitle: 'Engineer', company: 'Acme', target: { type: 'job', jobId } },
      'New job that fits you: Engineer at Acme',
    ],
    [
      'a job alert with no company',
      { kind: 'job_alert', jobTitle: 'Engineer', company: ' ', target: { type: 'job', jobId } },
      'New job that fits you: Engineer at Company',
    ],
  ])('words %s', (_what, fields, text) => {
    expect(notificationText(aNotification(fields))).toBe(text);
  });
});

describe('notificationParts', () => {
  const parts = (fields: Partial<Notification>) =>
    notificationParts(aNotification(fields)).map((part) =>
      part.person ? [part.text, part.person._id] : part.text,
    );

  it('cuts the line into its words and the people it names, each where the line says it', () => {
    expect(parts({})).toEqual([['Ada Lovelace', ada._id], ' wants to connect with you']);
    expect(parts({ kind: 'post_likes', actors: [ada, bob], actorCount: 2 })).toEqual([
      ['Ada Lovelace', ada._id],
      ' and ',
      ['Bob Babbage', bob._id],
      ' liked your post',
    ]);
    expect(parts({ kind: 'post_likes', actors: [ada, bob], actorCount: 5 })).toEqual([
      ['Ada Lovelace', ada._id],
      ' and 4 others liked your post',
    ]);
    expect(
      parts({ kind: 'job_alert', actors: [], actorCount: 0, jobTitle: 'Engineer', company: 'Acme' }),
    ).toEqual(['New job that fits you: Engineer at Acme']);
  });

  it('makes up the line, whatever the kind', () => {
    for (const kind of [
      'connection_request',
      'connection_accepted',
      'new_application',
      'post_comment',
    ] as const) {
      const notification = aNotification({ kind, excerpt: 'Well said', jobTitle: 'Engineer' });
      expect(
        notificationParts(notification)
          .map((part) => part.text)
          .join(''),
      ).toBe(notificationText(notification));
    }
  });
});

describe('targetPath', () => {
  it.each<[Notification['target'], string]>([
    [{ type: 'post', postId: jobId }, '/feed'],
    [{ type: 'job', jobId }, `/jobs/${jobId}`],
    [{ type: 'application', applicationId: jobId, jobId }, '/applications'],
    [{ type: 'job_applicants', jobId }, `/jobs/${jobId}/applicants`],
    [{ type: 'connections', tab: 'pending' }, '/connections?tab=pending'],
    [{ type: 'connections', tab: 'connections' }, '/connections'],
  ])('leads %o to %s', (target, path) => {
    expect(targetPath(target)).toBe(path);
  });
});
