import { randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import { User } from '@careers/contracts/entities/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostQueries } from '../posts/queries.ts';
import { projectorTestbed, testMessages } from '../testing.ts';
import { currentResumeOwner, findUser, pictureStanding } from './queries.ts';

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let pool: typeof bed.pool;
let runner: typeof bed.runner;
let s: string;
const { envelope, event, message, registered } = testMessages();

beforeAll(async () => {
  bed = await projectorTestbed('users-projector');
  ({ pool, runner, schema: s } = bed);
});
afterAll(async () => {
  await bed?.close();
});

describe('users projector', () => {
  const userId = randomUUID();
  const at = '2026-02-01T08:00:00.000Z';
  const quiet = {
    emailNotifications: false,
    pushNotifications: false,
    jobAlerts: true,
    connectionRequests: true,
    applicationUpdates: false,
    marketingEmails: false,
  };
  const events = [
    envelope('user', userId, 1, 'UserRegistered', {
      userId,
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine@example.com',
      accountType: 'employer',
      registeredAt: at,
    }),
    envelope('user', userId, 2, 'UserLoggedIn', { userId, at }),
    envelope('user', userId, 3, 'NotificationSettingsUpdated', { userId, settings: quiet }),
    envelope('user', userId, 4, 'AppearanceSettingsUpdated', {
      userId,
      settings: { theme: 'system', language: 'fr', timezone: 'EST' },
    }),
    envelope('user', userId, 5, 'PasswordChanged', { userId, changedAt: at }),
  ];

  it('given a registration, serves the user with the spec defaults', async () => {
    await runner.applyMessages([message(events[0])]);
    const user = await findUser(pool, s, userId);
    expect(User.parse(user)).toEqual(user);
    expect(user).toMatchObject({
      _id: userId,
      firstName: 'Katherine',
      email: 'katherine@example.com',
      accountType: 'employer',
      jobTitle: '',
      profilePicture: null,
      resume: null,
      notificationSettings: { emailNotifications: true, marketingEmails: false },
      appearanceSettings: { theme: 'light', language: 'en', timezone: 'UTC' },
      createdAt: at,
    });
  });

  it('given settings changes, serves the latest settings; a password change alters nothing shown', async () => {
    await runner.applyMessages(events.slice(1).map(message));
    expect(await findUser(pool, s, userId)).toMatchObject({
      notificationSettings: quiet,
      appearanceSettings: { theme: 'system', language: 'fr', timezone: 'EST' },
    });
    const { rows } = await pool.query(
      `SELECT stream_version FROM ${s}.stream_checkpoints WHERE stream_id = $1`,
      [userId],
    );
    expect(rows[0].stream_version).toBe(5);
  });

  it('changes nothing when the whole stream is redelivered, in order or reversed', async () => {
    const before = await pool.query(`SELECT * FROM ${s}.users WHERE id = $1`, [userId]);
    expect(await runner.applyMessages(events.map(message))).toEqual({ applied: 0, skipped: 5 });
    expect(await runner.applyMessages([...events].reverse().map(message))).toEqual({
      applied: 0,
      skipped: 5,
    });
    const after = await pool.query(`SELECT * FROM ${s}.users WHERE id = $1`, [userId]);
    expect(after.rows).toEqual(before.rows);
  });

  it('answers null for an unknown user', async () => {
    expect(await findUser(pool, s, randomUUID())).toBeNull();
  });
});

describe('users projector: profile, skills, picture and resume', () => {
  const userId = randomUUID();
  const [firstPicture, secondPicture, resumeId, laterResumeId] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  const postId = randomUUID();
  const profile = {
    userId,
    firstName: 'Dorothy',
    lastName: 'Vaughan-Mann',
    email: 'dorothy.vaughan@example.com',
    phone: '+1 757 555 0100',
    bio: 'Programmer of the West Computing unit.',
    jobTitle: 'Supervisor',
    location: { city: 'Hampton', state: 'Virginia', country: 'USA' },
    jobPreferences: {
      roles: ['Engineering Manager'],
      preferredLocation: 'Hybrid' as const,
      salaryExpectation: { min: 90000, max: 120000, currency: 'USD' },
    },
  };
  const skills = [
    { name: 'FORTRAN', proficiency: 'Expert' as const, experience: 12 },
    { name: 'Numerical analysis', proficiency: 'Advanced' as const, experience: 20 },
  ];
  const resume = {
    resumeId,
    filename: 'dorothy-vaughan.pdf',
    size: 183402,
    uploadedAt: '2026-02-03T10:00:00.000Z',
  };
  const events = [
    registered(userId, 'Dorothy', 'Vaughan'),
    event('PostCreated', postId, 1, {
      postId,
      authorId: userId,
      content: 'Learning FORTRAN before the machine arrives.',
      type: 'text',
      category: 'Technology',
      visibility: 'public',
      tags: [],
      createdAt: '2026-02-01T09:00:00.000Z',
    }),
    event('ProfileUpdated', userId, 2, profile),
    event('SkillsUpdated', userId, 3, { userId, skills }),
    event('ProfilePictureUploaded', userId, 4, {
      userId,
      pictureId: firstPicture,
      size: 48213,
      uploadedAt: '2026-02-02T10:00:00.000Z',
    }),
    event('ResumeUploaded', userId, 5, { userId, ...resume }),
    event('ProfilePictureUploaded', userId, 6, {
      userId,
      pictureId: secondPicture,
      size: 51002,
      uploadedAt: '2026-02-04T10:00:00.000Z',
    }),
  ];
  const picture = (pictureId: string) => ({
    url: fileUrls.picture(pictureId, 'large'),
    avatarUrl: fileUrls.picture(pictureId, 'avatar'),
  });
  const authorOfPost = async () =>
    (await new PostQueries(pool, bed.redis, s).findPost(postId, randomUUID()))?.author;

  it('given a saved profile and skills, serves the whole profile, and the new name on the posts', async () => {
    await runner.applyMessages(events.slice(0, 4).map(message));
    const user = await findUser(pool, s, userId);
    expect(User.parse(user)).toEqual(user);
    const { userId: _, ...fields } = profile;
    expect(user).toMatchObject({ ...fields, skills, profilePicture: null, resume: null });
    expect(await authorOfPost()).toEqual({
      _id: userId,
      firstName: 'Dorothy',
      lastName: 'Vaughan-Mann',
      jobTitle: 'Supervisor',
      profilePicture: null,
    });
  });

  it('given pictures and a resume, serves the latest picture everywhere and the resume with its URL', async () => {
    await runner.applyMessages(events.slice(4).map(message));
    const user = await findUser(pool, s, userId);
    expect(User.parse(user)).toEqual(user);
    expect(user?.profilePicture).toEqual(picture(secondPicture));
    expect(user?.resume).toEqual({
      filename: 'dorothy-vaughan.pdf',
      url: fileUrls.resume(resumeId),
      size: 183402,
      uploadedAt: resume.uploadedAt,
    });
    expect((await authorOfPost())?.profilePicture).toEqual(picture(secondPicture));
    // The replaced picture is retired: the picture route stops serving it.
    expect(await pictureStanding(pool, s, firstPicture)).toBe('retired');
    expect(await pictureStanding(pool, s, secondPicture)).toBe('current');
    expect(await pictureStanding(pool, s, randomUUID())).toBe('unknown');
    expect(await currentResumeOwner(pool, s, resumeId)).toEqual({
      ownerId: userId,
      filename: 'dorothy-vaughan.pdf',
    });
  });

  it('changes nothing when the stream is redelivered, in order or reversed', async () => {
    const snapshot = async () => ({
      users: (await pool.query(`SELECT * FROM ${s}.users WHERE id = $1`, [userId])).rows,
      pictures: (
        await pool.query(`SELECT * FROM ${s}.user_pictures WHERE user_id = $1 ORDER BY picture_id`, [userId])
      ).rows,
    });
    const before = await snapshot();
    expect(before.pictures).toHaveLength(2);
    // An older picture event after the newer one (a redelivery out of order) leaves the newer picture.
    expect(await runner.applyMessages([message(events[4])])).toEqual({ applied: 0, skipped: 1 });
    expect(await runner.applyMessages([...events].reverse().map(message))).toEqual({
      applied: 0,
      skipped: events.length,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('given the picture and the resume removed, serves neither and retires the picture', async () => {
    await runner.applyMessages([
      message(event('ProfilePictureRemoved', userId, 7, { userId })),
      message(event('ResumeRemoved', userId, 8, { userId })),
    ]);
    expect(await findUser(pool, s, userId)).toMatchObject({ profilePicture: null, resume: null });
    expect((await authorOfPost())?.profilePicture).toBeNull();
    expect(await pictureStanding(pool, s, secondPicture)).toBe('retired');
    expect(await currentResumeOwner(pool, s, resumeId)).toBeNull();
  });

  it('serves the latest resume only after a replace', async () => {
    await runner.applyMessages([
      message(event('ResumeUploaded', userId, 9, { userId, ...resume })),
      message(
        event('ResumeUploaded', userId, 10, {
          userId,
          resumeId: laterResumeId,
          filename: 'dorothy-vaughan-2026.pdf',
          size: 200001,
          uploadedAt: '2026-02-05T10:00:00.000Z',
        }),
      ),
    ]);
    expect((await findUser(pool, s, userId))?.resume?.url).toBe(fileUrls.resume(laterResumeId));
    expect(await currentResumeOwner(pool, s, resumeId)).toBeNull();
  });
});

describe('users projector: rebuild', () => {
  it('rebuilds the users read model from the events into the same rows', async () => {
    const rebuilt = await projectorTestbed('users-rebuild');
    try {
      const userId = randomUUID();
      const [pictureId, resumeId] = [randomUUID(), randomUUID()];
      const stream = [
        registered(userId, 'Mary', 'Jackson'),
        event('ProfileUpdated', userId, 2, {
          userId,
          firstName: 'Mary',
          lastName: 'Jackson',
          email: 'mary@example.com',
          phone: '',
          bio: 'Engineer.',
          jobTitle: 'Aerospace Engineer',
          location: { city: 'Hampton', state: '', country: 'USA' },
          jobPreferences: {
            roles: [],
            preferredLocation: 'Remote',
            salaryExpectation: { min: null, max: null, currency: 'USD' },
          },
        }),
        event('SkillsUpdated', userId, 3, {
          userId,
          skills: [{ name: 'Wind tunnels', proficiency: 'Expert', experience: 10 }],
        }),
        event('ProfilePictureUploaded', userId, 4, {
          userId,
          pictureId: randomUUID(),
          size: 100,
          uploadedAt: '2026-02-02T10:00:00.000Z',
        }),
        event('ProfilePictureUploaded', userId, 5, {
          userId,
          pictureId,
          size: 200,
          uploadedAt: '2026-02-03T10:00:00.000Z',
        }),
        event('ResumeUploaded', userId, 6, {
          userId,
          resumeId,
          filename: 'mary.pdf',
          size: 300,
          uploadedAt: '2026-02-04T10:00:00.000Z',
        }),
        event('ResumeRemoved', userId, 7, { userId }),
      ];
      const snapshot = async () => ({
        users: (await rebuilt.pool.query(`SELECT * FROM ${rebuilt.schema}.users ORDER BY id`)).rows,
        pictures: (
          await rebuilt.pool.query(`SELECT * FROM ${rebuilt.schema}.user_pictures ORDER BY picture_id`)
        ).rows,
      });
      await rebuilt.runner.applyMessages(stream.map(rebuilt.message));
      const before = await snapshot();
      expect(before.pictures.map((p) => p.retired).sort()).toEqual([false, true]);
      await rebuilt.rebuildFrom(stream);
      expect(await snapshot()).toEqual(before);
    } finally {
      await rebuilt.close();
    }
  });
});
