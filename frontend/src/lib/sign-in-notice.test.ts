import { accountMessages } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { signInNoticeOf, signInNoticeState } from './sign-in-notice';

describe('sign-in notices', () => {
  it("gives the product's text for a known reason", () => {
    expect(signInNoticeOf(signInNoticeState('account-deleted'))).toBe(accountMessages.deleted);
  });

  it.each([
    null,
    undefined,
    'account-deleted',
    {},
    { returnTo: '/dashboard' },
    { notice: 'Your bank details please' },
    { notice: 'toString' },
    { notice: '__proto__' },
    { notice: 1 },
  ])('shows nothing for the history state %j (any script can write it)', (state) => {
    expect(signInNoticeOf(state)).toBeNull();
  });
});
