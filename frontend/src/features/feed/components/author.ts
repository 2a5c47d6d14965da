import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import { screenMessages } from '@careers/contracts/messages';

function firstLetter(name: string): string {
  return (Array.from(name.trim())[0] ?? '').toUpperCase();
}

export function authorName(author: AuthorSummary): string {
  return `${author.firstName} ${author.lastName}`.trim();
}

/** The feed's avatar: the first letter of the first name. */
export function authorInitial(author: AuthorSummary): string {
  return firstLetter(author.firstName);
}

/** An empty job title reads "Professional". */
export function authorHeadline(author: AuthorSummary): string {
  return author.jobTitle.trim() || screenMessages.professional;
}
