import { describe, expect, it } from 'vitest';
import { JOB_LIST_WINDOW, jobsPageInfo, pageInfo } from './entities/pagination.ts';
import { jobMessages, profileMessages, screenMessages } from './messages.ts';
import {
  type ProfileCompletionInput,
  profileCompletion,
  profileCompletionColor,
} from './profile-completion.ts';
import { relativeTimeLabel } from './relative-time.ts';

describe('relativeTimeLabel', () => {
  const now = new Date('2025-01-10T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it.each([
    [0, 'Just now'],
    [0.9, 'Just now'],
    [1, '1m ago'],
    [59, '59m ago'],
    [60, '1h ago'],
    [1439, '23h ago'],
    [1440, '1d ago'],
    [4320, '3d ago'],
    [-5, 'Just now'],
  ])('%s minutes ago reads %s', (minutes, label) => {
    expect(relativeTimeLabel(ago(minutes), now)).toBe(label);
  });
});

describe('profileCompletion', () => {
  const empty: ProfileCompletionInput = {
    firstName: '',
    lastName: '',
    bio: '',
    location: { city: '', state: '', country: '' },
    skills: [],
    resume: null,
  };

  it('counts six items, rounded', () => {
    expect(profileCompletion(empty)).toBe(0);
    expect(profileCompletion({ ...empty, firstName: 'Ada', lastName: 'L' })).toBe(33);
    expect(
      profileCompletion({
        firstName: 'Ada',
        lastName: 'Lovelace',
        bio: 'Hi',
        location: { city: 'London', state: '', country: '' },
        skills: [{ name: 'Math', proficiency: 'Expert', experience: 10 }],
        resume: { filename: 'cv.pdf', url: '/cv.pdf', size: 1000, uploadedAt: '2025-01-15T09:30:00.000Z' },
      }),
    ).toBe(100);
  });

  it('does not count blank text', () => {
    expect(profileCompletion({ ...empty, bio: '   ' })).toBe(0);
  });

  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
  ] as const)('%s%% is %s', (percent, color) => {
    expect(profileCompletionColor(percent)).toBe(color);
  });
});

describe('pageInfo', () => {
  it('is page 1 of 1 for an empty list', () => {
    expect(pageInfo({ page: 1, limit: 10, total: 0 })).toEqual({
      currentPage: 1,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
  });

  it('knows about neighbours', () => {
    expect(pageInfo({ page: 2, limit: 10, total: 25 })).toEqual({
      currentPage: 2,
      totalPages: 3,
      hasNext: true,
      hasPrev: true,
    });
  });
});

describe('jobsPageInfo', () => {
  it('pages every match of a list within the window, with the exact count', () => {
    expect(jobsPageInfo({ page: 1, limit: 10, total: 25 })).toEqual({
      currentPage: 1,
      totalPages: 3,
      hasNext: true,
      hasPrev: false,
      totalJobs: 25,
    });
  });

  it("past the window keeps the exact count and ends its pages at the window's, as the search engine does", () => {
    expect(JOB_LIST_WINDOW).toBe(10_000);
    expect(jobsPageInfo({ page: 1000, limit: 10, total: 50_000 })).toEqual({
      currentPage: 1000,
      totalPages: 1000,
      hasNext: false,
      hasPrev: true,
      totalJobs: 50_000,
    });
    expect(jobsPageInfo({ page: 1, limit: 3, total: 7 }, 5)).toEqual({
      currentPage: 1,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
      totalJobs: 7,
    });
  });
});

describe('message templates', () => {
  it('fills in the spec templates', () => {
    expect(profileMessages.uploadFailed('profilePicture', 'Too big')).toBe(
      'Failed to upload profile picture. Too big',
    );
    expect(profileMessages.uploadFailed('resume')).toBe('Failed to upload resume. Please try again.');
    expect(profileMessages.removeFailed('resume')).toBe('Failed to remove resume. Please try again.');
    expect(profileMessages.uploaded('profilePicture')).toBe('Profile picture uploaded successfully!');
    expect(profileMessages.removed('resume')).toBe('Resume removed successfully!');
    expect(profileMessages.notAvailableForDownload('resume')).toBe('Resume not available for download');
    expect(profileMessages.openedInNewTab('profilePicture')).toBe('Profile picture opened in new tab');
    expect(profileMessages.downloadStarted('resume')).toBe('Resume download started');
    expect(profileMessages.downloadFailed('profilePicture')).toBe(
      'Failed to download profile picture. Please try again.',
    );
    expect(jobMessages.jobsFound(12)).toBe('12 jobs found');
    expect(jobMessages.appliedCount(3)).toBe('3 applied');
    expect(screenMessages.welcomeBack('Ada')).toBe('Welcome back, Ada!');
  });
});
