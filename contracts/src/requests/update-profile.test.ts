import { describe, expect, it } from 'vitest';
import { jobFormMessages, profileMessages, settingsMessages } from '../messages.ts';
import { UpdateAppearanceRequest } from './update-appearance.ts';
import { UpdateNotificationsRequest } from './update-notifications.ts';
import { UpdateProfileRequest } from './update-profile.ts';
import { UpdateSkillsRequest } from './update-skills.ts';

const names = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('UpdateProfileRequest', () => {
  it('maps roles/remoteWork/salaryRange to the stored job preferences', () => {
    const parsed = UpdateProfileRequest.parse({
      ...names,
      jobPreferences: {
        roles: ['Data Scientist', ' ', 'Analyst'],
        remoteWork: 'Hybrid',
        salaryRange: { min: '90000', max: 120000 },
      },
    });
    expect(parsed.jobPreferences).toEqual({
      roles: ['Data Scientist', 'Analyst'],
      preferredLocation: 'Hybrid',
      salaryExpectation: { min: 90000, max: 120000, currency: 'USD' },
    });
  });

  it('treats an empty preferred location and salary as not set', () => {
    const parsed = UpdateProfileRequest.parse({
      ...names,
      jobPreferences: { roles: [], remoteWork: '', salaryRange: { min: '', max: '' } },
    });
    expect(parsed.jobPreferences).toEqual({
      roles: [],
      preferredLocation: null,
      salaryExpectation: { min: null, max: null, currency: 'USD' },
    });
  });

  it('leaves out what was not sent, and clears what was sent empty', () => {
    const parsed = UpdateProfileRequest.parse({ ...names, bio: null, phone: '' });
    expect(parsed).toEqual({ ...names, bio: '', phone: '' });
    expect(parsed).not.toHaveProperty('location');
  });

  it('fills missing location parts with empty text', () => {
    expect(UpdateProfileRequest.parse({ ...names, location: { city: ' Paris ' } }).location).toEqual({
      city: 'Paris',
      state: '',
      country: '',
    });
  });

  it.each([
    [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ phone: 'call me' }, 'phone', profileMessages.phoneInvalid],
    [{ bio: 'x'.repeat(1001) }, 'bio', profileMessages.bioTooLong],
    [
      { jobPreferences: { remoteWork: 'Moon' } },
      'jobPreferences.remoteWork',
      profileMessages.preferredLocationInvalid,
    ],
    [
      { jobPreferences: { salaryRange: { min: 10, max: 5 } } },
      'jobPreferences.salaryRange.max',
      jobFormMessages.salaryMaxBelowMin,
    ],
  ])('rejects %j at %s', (change, path, message) => {
    const issue = UpdateProfileRequest.safeParse({ ...names, ...change }).error?.issues[0];
    expect(issue?.path.join('.')).toBe(path);
    expect(issue?.message).toBe(message);
  });

  it('accepts common phone formats', () => {
    for (const phone of ['+1 (555) 010-9999', '020 7946 0958', '0612345678']) {
      expect(UpdateProfileRequest.safeParse({ ...names, phone }).success).toBe(true);
    }
  });
});

describe('UpdateSkillsRequest', () => {
  it('drops blank skills and applies the defaults Intermediate / 1 year', () => {
    expect(UpdateSkillsRequest.parse({ skills: [{ name: ' Go ' }, { name: '' }] })).toEqual({
      skills: [{ name: 'Go', proficiency: 'Intermediate', experience: 1 }],
    });
  });

  it('reads years typed as text and accepts 0', () => {
    expect(
      UpdateSkillsRequest.parse({ skills: [{ name: 'Go', experience: '0' }] }).skills[0]?.experience,
    ).toBe(0);
  });

  it.each([-1, 1.5, 71, 'many'])('rejects %j years', (experience) => {
    expect(
      UpdateSkillsRequest.safeParse({ skills: [{ name: 'Go', experience }] }).error?.issues[0]?.message,
    ).toBe(profileMessages.experienceInvalid);
  });

  it('rejects an unknown proficiency', () => {
    expect(
      UpdateSkillsRequest.safeParse({ skills: [{ name: 'Go', proficiency: 'Guru' }] }).error?.issues[0]
        ?.message,
    ).toBe(jobFormMessages.proficiencyInvalid);
  });
});

describe('settings', () => {
  const toggles = {
    emailNotifications: true,
    pushNotifications: true,
    jobAlerts: false,
    connectionRequests: true,
    applicationUpdates: true,
    marketingEmails: false,
  };

  it('takes all six notification toggles', () => {
    expect(UpdateNotificationsRequest.parse(toggles)).toEqual(toggles);
  });

  it('names a missing toggle', () => {
    const { jobAlerts: _left, ...rest } = toggles;
    expect(UpdateNotificationsRequest.safeParse(rest).error?.issues[0]?.message).toBe(
      'Job alerts must be turned on or off',
    );
  });

  it('takes theme, language and timezone', () => {
    const appearance = { theme: 'system', language: 'de', timezone: 'PST' };
    expect(UpdateAppearanceRequest.parse(appearance)).toEqual(appearance);
  });

  it.each([
    [{ theme: 'blue' }, settingsMessages.themeInvalid],
    [{ language: 'it' }, settingsMessages.languageInvalid],
    [{ timezone: 'CET' }, settingsMessages.timezoneInvalid],
  ])('rejects %j', (change, message) => {
    const appearance = { theme: 'light', language: 'en', timezone: 'UTC', ...change };
    expect(UpdateAppearanceRequest.safeParse(appearance).error?.issues[0]?.message).toBe(message);
  });
});
