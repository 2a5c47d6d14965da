import type { RouteName } from './routes.ts';

/**
 * Exactly-once commands: the client makes one key per intent (a click, a submit) and sends it with
 * every try of that intent as `Idempotency-Key`. The command-service keeps, per user and key, the
 * answer of the command that committed with it, for at least `IDEMPOTENCY_KEY_TTL_HOURS`: a repeat
 * gets that answer again (with `Idempotent-Replayed: true`) and writes nothing, also while the first
 * is still running (the repeat waits for it); the same key with another request answers 422.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored answer of an earlier try with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** 1 to 255 visible ASCII characters (a UUID in practice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The commands that take no key: those that start or end a session (the answer carries a cookie that
 * a stored answer could not give again, and each is safe to repeat as it is: a second sign-in signs in
 * again, a second sign-out finds none, a second registration is refused as the email is taken, a
 * second password change is refused as the current password changed), and the account's deletion and
 * export (a repeated deletion finds no account; an export writes nothing).
 */
export const UNKEYED_COMMANDS: readonly RouteName[] = [
  'register',
  'login',
  'logout',
  'changePassword',
  'deleteAccount',
  'exportMyData',
  // Turning a toggle off twice leaves it off: a repeat is harmless, and the link has no session to key by.
  'unsubscribe',
];
