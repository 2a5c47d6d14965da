import type { NewDomainEvent } from '@careers/contracts/events/catalogue';

/**
 * Why a command is refused, in the domain's terms. The pipeline alone turns a kind into an HTTP
 * status (`command-pipeline.ts`), so decisions and stores never speak HTTP.
 */
export type DomainErrorKind =
  /** The command breaks a rule of its own content (a wrong current password, say). */
  | 'invalid'
  /** Nobody, or nobody any more, is signed in behind the command. */
  | 'unauthenticated'
  /** The actor may not do this to something they may see. */
  | 'forbidden'
  /** The target does not exist, or the actor may not see it (the two read the same). */
  | 'not found'
  /** The current state forbids it (a taken email, an answered request). */
  | 'conflict'
  /** It existed and was removed for good (no command refuses with it yet: a closed job is a conflict). */
  | 'gone'
  /** What was sent is larger than the command takes (an upload past its limit). */
  | 'too large';

/** A refusal with the text the client shows (from `contracts/messages`). */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
  }
}

export const refuse = {
  invalid: (message: string) => new DomainError('invalid', message),
  unauthenticated: (message: string) => new DomainError('unauthenticated', message),
  forbidden: (message: string) => new DomainError('forbidden', message),
  notFound: (message: string) => new DomainError('not found', message),
  conflict: (message: string) => new DomainError('conflict', message),
  gone: (message: string) => new DomainError('gone', message),
  tooLarge: (message: string) => new DomainError('too large', message),
} as const;

/** What a decision returns: the events that record the command (none: nothing changes), or a refusal. */
export type Decision<E extends NewDomainEvent = NewDomainEvent> = E[] | DomainError;

export function isRefusal(outcome: unknown): outcome is DomainError {
  return outcome instanceof DomainError;
}
