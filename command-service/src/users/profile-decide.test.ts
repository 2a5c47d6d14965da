import type { User } from '@careers/contracts/entities/user';
import { authMessages, profileMessages } from '@careers/contracts/messages';
import {
  UpdateProfileRequest,
  type UpdateProfileRequestInput,
} from '@careers/contracts/requests/update-profile';
import { UpdateSkillsRequest } from '@careers/contracts/requests/update-skills';
import { registeredUser } from '@careers/contracts/user-defaults';
import { describe, expect, it } from 'vitest';
import { type Decision, isRefusal } from '../pipeline/domain-error.ts';
import { given } from '../pipeline/testing.ts';
import {
  decideRemovePicture,
  decideRemoveResume,
  decideUpdateProfile,
  decideUpdateSkills,
  decideUploadPicture,
  decideUploadResume,
} from './decide.ts';
import { evolveUser, evolveUserStream, foldUser, noFiles, type UserStream } from './evolve.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const userId = '6f1c2b8e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const pictureId = '0a1b2c3d-0000-4000-8000-000000000001';
const resumeId = '0a1b2c3d-0000-4000-8000-000000000002';
const ada: User = registeredUser({
  userId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  accountType: 'job_seeker',
  registeredAt: now.toISOString(),
});

/** The profile form as the client sends it, parsed as the route parses it. */
const form = (fields: Partial<UpdateProfileRequestInput> = {}) =>
  UpdateProfileRequest.parse({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', ...fields });

/** The events of a decision that must not refuse. */
function recorded(decision: Decision) {
  if (isRefusal(decision)) throw decision;
  return decision;
}

const profile = (user: User, fields: Partial<UpdateProfileRequestInput>, emailTakenByAnother = false) =>
  decideUpdateProfile({ user, request: form(fields), emailTakenByAnother });

describe('update profile', () => {
  it('records the whole profile after the change, with preferences in the stored shape', () => {
    const events = given(ada)
      .when((user) =>
        profile(user, {
          firstName: ' Augusta Ada ',
          phone: '+44 20 7946 0958',
          bio: 'Analyst of engines.',
          jobTitle: 'Mathematician',
          location: { city: 'London', country: 'United Kingdom' },
          jobPreferences: {
            roles: ['Data Scientist', ' '],
            remoteWork: 'Hybrid',
            salaryRange: { min: '90000', max: '120000' },
          },
        }),
      )
      .thenRecords([
        {
          type: 'ProfileUpdated',
          data: {
            userId,
            firstName: 'Augusta Ada',
            lastName: 'Lovelace',
            email: 'ada@example.com',
            phone: '+44 20 7946 0958',
            bio: 'Analyst of engines.',
            jobTitle: 'Mathematician',
            location: { city: 'London', state: '', country: 'United Kingdom' },
            jobPreferences: {
              roles: ['Data Scientist'],
              preferredLocation: 'Hybrid',
              salaryExpectation: { min: 90000, max: 120000, currency: 'USD' },
            },
          },
        },
      ]);
    const after = foldUser(ada, events);
    expect(after).toMatchObject({ firstName: 'Augusta Ada', location: { city: 'London' } });
  });

  it('keeps every field the form leaves out, and clears one sent empty', () => {
    const filled = recorded(profile(ada, { bio: 'Analyst.', phone: '+1 555 0100' })).reduce(evolveUser, ada);
    given(filled)
      .when((user) => profile(user, { lastName: 'King', bio: null }))
      .thenRecords([
        {
          type: 'ProfileUpdated',
          data: expect.objectContaining({ lastName: 'King', bio: '', phone: '+1 555 0100' }),
        },
      ]);
  });

  it('records nothing when nothing changed', () => {
    given(ada)
      .when((user) => profile(user, { bio: '', location: { city: '', state: '', country: '' } }))
      .thenRecordsNothing();
  });

  it('takes a new email that no other account uses, in whatever case it was typed', () => {
    given(ada)
      .when((user) => profile(user, { email: '  Ada.King@Example.COM ' }))
      .thenRecords([
        { type: 'ProfileUpdated', data: expect.objectContaining({ email: 'ada.king@example.com' }) },
      ]);
  });

  it('refuses an email another account uses, as a conflict', () => {
    given(ada)
      .when((user) => profile(user, { email: 'grace@example.com' }, true))
      .thenRefuses('conflict', authMessages.emailTaken);
  });

  it('records skills sent with the form as their own event, after the profile', () => {
    given(ada)
      .when((user) =>
        profile(user, {
          bio: 'Engines.',
          skills: [{ name: 'Analysis', proficiency: 'Expert', experience: 10 }, { name: ' ' }],
        }),
      )
      .thenRecords([
        { type: 'ProfileUpdated', data: expect.objectContaining({ bio: 'Engines.' }) },
        {
          type: 'SkillsUpdated',
          data: { userId, skills: [{ name: 'Analysis', proficiency: 'Expert', experience: 10 }] },
        },
      ]);
  });
});

describe('update skills', () => {
  const skills = (input: unknown) => UpdateSkillsRequest.parse({ skills: input }).skills;

  it('records the whole list, with the defaults for what was left out', () => {
    const events = given(ada)
      .when((user) =>
        decideUpdateSkills(user, skills([{ name: 'TypeScript' }, { name: 'SQL', experience: 0 }])),
      )
      .thenRecords([
        {
          type: 'SkillsUpdated',
          data: {
            userId,
            skills: [
              { name: 'TypeScript', proficiency: 'Intermediate', experience: 1 },
              { name: 'SQL', proficiency: 'Intermediate', experience: 0 },
            ],
          },
        },
      ]);
    expect(foldUser(ada, events)?.skills).toHaveLength(2);
  });

  it('records nothing for the same list, and an empty list when all are removed', () => {
    const withSkills = foldUser(ada, decideUpdateSkills(ada, skills([{ name: 'Go' }]))) as User;
    given(withSkills)
      .when((user) => decideUpdateSkills(user, skills([{ name: 'Go' }])))
      .thenRecordsNothing();
    given(withSkills)
      .when((user) => decideUpdateSkills(user, []))
      .thenRecords([{ type: 'SkillsUpdated', data: { userId, skills: [] } }]);
  });
});

describe('picture and resume', () => {
  const stream = (user: User): UserStream => ({ user, files: noFiles, version: 3 });

  it('records an uploaded picture by its id; the user shows both sizes by URL', () => {
    const events = given(ada)
      .when((user) => decideUploadPicture({ user, pictureId, size: 48213, now }))
      .thenRecords([
        {
          type: 'ProfilePictureUploaded',
          data: { userId, pictureId, size: 48213, uploadedAt: now.toISOString() },
        },
      ]);
    const next = evolveUserStream(stream(ada), events);
    expect(next.user?.profilePicture).toEqual({
      url: `/api/files/pictures/${pictureId}/large`,
      avatarUrl: `/api/files/pictures/${pictureId}/avatar`,
    });
    expect(next.files).toEqual({ pictureId, resumeId: null });
    expect(next.version).toBe(4);
  });

  it('records an uploaded resume by its id, safe name and size', () => {
    const events = given(ada)
      .when((user) => decideUploadResume({ user, resumeId, filename: 'Ada-CV.pdf', size: 1834, now }))
      .thenRecords([
        {
          type: 'ResumeUploaded',
          data: { userId, resumeId, filename: 'Ada-CV.pdf', size: 1834, uploadedAt: now.toISOString() },
        },
      ]);
    const next = evolveUserStream(stream(ada), events);
    expect(next.user?.resume).toEqual({
      filename: 'Ada-CV.pdf',
      url: `/api/files/resumes/${resumeId}`,
      size: 1834,
      uploadedAt: now.toISOString(),
    });
    expect(next.files).toEqual({ pictureId: null, resumeId });
  });

  it('removes what is there, and refuses to remove what is not (404)', () => {
    const withFiles = evolveUserStream(stream(ada), [
      ...decideUploadPicture({ user: ada, pictureId, size: 1, now }),
      ...decideUploadResume({ user: ada, resumeId, filename: 'cv.pdf', size: 1, now }),
    ]);
    const user = withFiles.user as User;
    const removedPicture = given(user)
      .when(decideRemovePicture)
      .thenRecords([{ type: 'ProfilePictureRemoved', data: { userId } }]);
    const removedResume = given(user)
      .when(decideRemoveResume)
      .thenRecords([{ type: 'ResumeRemoved', data: { userId } }]);
    const after = evolveUserStream(withFiles, [...removedPicture, ...removedResume]);
    expect(after.user).toMatchObject({ profilePicture: null, resume: null });
    expect(after.files).toEqual(noFiles);

    given(ada)
      .when(decideRemovePicture)
      .thenRefuses('not found', profileMessages.nothingToRemove('profilePicture'));
    given(ada).when(decideRemoveResume).thenRefuses('not found', profileMessages.nothingToRemove('resume'));
  });
});
