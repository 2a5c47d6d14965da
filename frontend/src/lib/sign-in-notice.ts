import { accountMessages } from '@careers/contracts/messages';

/**
 * Why someone is taken to the sign-in screen, when it is worth a word there: the history entry's state
 * carries a reason (`{ notice: 'account-deleted' }`), and the screen shows the product's text for it.
 * History state can be written by any script on the page, so only a known reason shows anything, and
 * always one of our own texts.
 */
const notices = {
  'account-deleted': accountMessages.deleted,
} as const;

export type SignInNotice = keyof typeof notices;

/** The history state for a move to /login that should say why. */
export function signInNoticeState(notice: SignInNotice): { notice: SignInNotice } {
  return { notice };
}

/** The text for the current history entry's state, or null. */
export function signInNoticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  return typeof notice === 'string' && Object.hasOwn(notices, notice)
    ? notices[notice as SignInNotice]
    : null;
}
