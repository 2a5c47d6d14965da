import { ApiError } from '../../../lib/api-client';

/**
 * What to say when an action fails: a refusal (4xx) in the server's own words ("You have already
 * applied to this job"), anything else (no answer, a server error) as the action's fixed failure text.
 */
export function refusalMessage(error: unknown, failure: string): string {
  if (error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  return failure;
}

/** A 404: the job does not exist, or (the applicants view) is not the viewer's to see. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
