import { describe, expect, it } from 'vitest';
import { LOCAL_SHARE, NEIGHBOURHOOD, networkEdges, networkPeople, pairKey } from './network-generator.ts';

describe('networkPeople', () => {
  it('gives the same people for the same seed, each with a city and three to seven skills', () => {
    const people = networkPeople(7, 300, 'run');
    expect(networkPeople(7, 300, 'run')).toEqual(people);
    expect(new Set(people.map((p) => p.email)).size).toBe(300);
    for (const person of people) {
      expect(person.city.city).not.toBe('');
      expect(person.skills.length).toBeGreaterThanOrEqual(3);
      expect(person.skills.length).toBeLessThanOrEqual(7);
    }
  });

  it('makes neighbours on the ring share skills and cities more often than not', () => {
    const people = networkPeople(7, 1000, 'run');
    const lower = (skills: string[]) => new Set(skills.map((s) => s.toLowerCase()));
    let sharing = 0;
    let sameCity = 0;
    for (let i = 0; i + 1 < people.length; i++) {
      const [a, b] = [people[i], people[i + 1]];
      if (!a || !b) continue;
      const theirs = lower(b.skills);
      if ([...lower(a.skills)].some((s) => theirs.has(s))) sharing++;
      if (a.city.city === b.city.city) sameCity++;
    }
    expect(sharing / people.length).toBeGreaterThan(0.5);
    expect(sameCity / people.length).toBeGreaterThan(0.6);
  });
});

describe('networkEdges', () => {
  it('draws distinct pairs, never one person twice, the same for the same seed', () => {
    const edges = networkEdges(7, 2000, 20_000);
    expect(edges).toHaveLength(20_000);
    expect(networkEdges(7, 2000, 20_000)).toEqual(edges);
    expect(edges.every(([a, b]) => a !== b && a >= 0 && b >= 0 && a < 2000 && b < 2000)).toBe(true);
    expect(new Set(edges.map(([a, b]) => pairKey(a, b))).size).toBe(edges.length);
  });

  it('keeps most connections within the neighbourhood, so people have friends in common', () => {
    const people = 2000;
    const edges = networkEdges(7, people, 20_000);
    const local = edges.filter(([a, b]) => {
      const gap = Math.abs(a - b);
      return Math.min(gap, people - gap) <= NEIGHBOURHOOD;
    });
    expect(local.length / edges.length).toBeGreaterThan(LOCAL_SHARE - 0.05);
  });

  it('caps a small network at a quarter of its pairs instead of drawing forever', () => {
    expect(networkEdges(7, 10, 1000)).toHaveLength(22);
    expect(networkEdges(7, 0, 10)).toEqual([]);
  });
});
