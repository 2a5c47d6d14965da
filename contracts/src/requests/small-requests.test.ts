import { describe, expect, it } from 'vitest';
import { connectionMessages, profileMessages } from '../messages.ts';
import { LoginRequest } from './login.ts';
import { RespondToConnectionRequest } from './respond-to-connection.ts';
import { JobIdParams, UserIdParams } from './route-params.ts';
import { checkUpload } from './upload-check.ts';

const MB = 1024 * 1024;

describe('LoginRequest', () => {
  it('normalizes the email like registration does', () => {
    expect(LoginRequest.parse({ email: ' Ada@Example.com', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it('requires both fields', () => {
    const issues = LoginRequest.safeParse({}).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual(['Email is required', 'Password is required']);
  });
});

describe('RespondToConnectionRequest', () => {
  it.each(['accepted', 'rejected'])('accepts %s', (status) => {
    expect(RespondToConnectionRequest.parse({ status })).toEqual({ status });
  });

  it.each(['pending', 'maybe', undefined])('rejects %j', (status) => {
    expect(RespondToConnectionRequest.safeParse({ status }).error?.issues[0]?.message).toBe(
      connectionMessages.responseInvalid,
    );
  });
});

describe('route params', () => {
  it('accepts a UUID', () => {
    const id = '01936b30-1f2a-7b3c-8d4e-6a5b4c3d2e33';
    expect(JobIdParams.parse({ id })).toEqual({ id });
  });

  it('reads a malformed id as not found', () => {
    expect(JobIdParams.safeParse({ id: '../etc' }).error?.issues[0]?.message).toBe('Job not found');
    expect(UserIdParams.safeParse({ id: 'abc' }).error?.issues[0]?.message).toBe('User not found');
  });
});

describe('checkUpload', () => {
  it('accepts a PDF resume up to 10 MB and an image up to 5 MB', () => {
    expect(checkUpload('resume', { type: 'application/pdf', size: 10 * MB })).toBeNull();
    expect(checkUpload('profilePicture', { type: 'image/png', size: 5 * MB })).toBeNull();
  });

  it.each([
    ['resume', { type: 'application/msword', size: 10 }, 'Please upload a PDF file for resume'],
    ['resume', { type: 'application/pdf', size: 10 * MB + 1 }, 'File size too large. Maximum size: 10MB'],
    [
      'profilePicture',
      { type: 'application/pdf', size: 10 },
      'Please upload an image file for profile picture',
    ],
    ['profilePicture', { type: 'image/svg+xml', size: 10 }, profileMessages.pictureTypeNotSupported],
    ['profilePicture', { type: 'image/jpeg', size: 5 * MB + 1 }, 'File size too large. Maximum size: 5MB'],
  ] as const)('%s %j -> %s', (kind, file, message) => {
    expect(checkUpload(kind, file)).toBe(message);
  });
});
