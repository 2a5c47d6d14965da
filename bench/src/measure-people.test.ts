import { describe, expect, it } from 'vitest';
import { searchTextOf } from './measure-people.ts';
import { networkPeople } from './network-generator.ts';
import { SeededRandom } from './seeded-random.ts';

describe('what the people reads type', () => {
  it('is the start of a first name, or a first name and the start of the surname, as one types', () => {
    const people = networkPeople(1, 200, 'test');
    const random = new SeededRandom(52);
    const texts = people.map((person) => [person, searchTextOf(person, random)] as const);
    for (const [person, text] of texts) {
      const [first = '', last] = text.split(' ');
      expect(person.firstName.toLowerCase().startsWith(first)).toBe(true);
      expect(first.length).toBeGreaterThanOrEqual(2);
      if (last !== undefined) expect(person.lastName.toLowerCase().startsWith(last)).toBe(true);
    }
    // Both forms are sent.
    expect(texts.some(([, text]) => text.includes(' '))).toBe(true);
    expect(texts.some(([, text]) => !text.includes(' '))).toBe(true);
  });
});
