import { PROFILE_COMPLETION_ITEMS, profileCompletionThresholds } from './constants.ts';
import type { User } from './entities/user.ts';

export type ProfileCompletionInput = Pick<
  User,
  'firstName' | 'lastName' | 'bio' | 'location' | 'skills' | 'resume'
>;

/**
 * Six things count: first name, last name, bio, city, at least one skill, a resume. The percent is the
 * filled count over 6, rounded. Blank text counts as missing.
 */
export function profileCompletion(user: ProfileCompletionInput): number {
  const filled = [
    user.firstName.trim() !== '',
    user.lastName.trim() !== '',
    user.bio.trim() !== '',
    user.location.city.trim() !== '',
    user.skills.length > 0,
    user.resume !== null,
  ].filter(Boolean).length;
  return Math.round((filled / PROFILE_COMPLETION_ITEMS) * 100);
}

export type CompletionColor = 'green' | 'yellow' | 'red';

/** Green at 80 or more, yellow at 60 or more, red below. */
export function profileCompletionColor(percent: number): CompletionColor {
  if (percent >= profileCompletionThresholds.green) return 'green';
  if (percent >= profileCompletionThresholds.yellow) return 'yellow';
  return 'red';
}
