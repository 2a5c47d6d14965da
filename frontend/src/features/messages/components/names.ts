/** A person's name as the messaging screens write it. */
export function nameOf(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
