import { categories, cities } from './job-vocabulary.ts';
import { SeededRandom } from './seeded-random.ts';

/** The network phase's people and connections come from this seed, so runs compare. */
export const NETWORK_SEED = 20_260_412;

/**
 * How far along the ring most connections reach: people connect mostly within a circle of about this
 * many (colleagues, classmates, one city), as real networks do, so people have friends in common and
 * mutual counts above one are the rule rather than the exception.
 */
export const NEIGHBOURHOOD = 60;
/** The share of connections made within the neighbourhood; the rest join anyone to anyone. */
export const LOCAL_SHARE = 0.8;
/** Neighbours sharing one role, and so most of their skills. */
const ROLE_BLOCK = 25;

const firstNames = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'Guido',
  'Katherine',
  'Bjarne',
  'Annie',
  'John',
  'Sophie',
  'James',
] as const;

export interface NetworkPerson {
  index: number;
  firstName: string;
  lastName: string;
  email: string;
  city: { city: string; state: string; country: string };
  /** Skill names as people type them (some in another case, which suggestions must ignore). */
  skills: string[];
}

/**
 * `count` people. Neighbours on the ring mostly share a city and a role (so their skills overlap),
 * as colleagues do; one in seven lives elsewhere, one in five has a skill from another field.
 */
export function networkPeople(seed: number, count: number, runId: string): NetworkPerson[] {
  const random = new SeededRandom(seed);
  const people: NetworkPerson[] = [];
  for (let index = 0; index < count; index++) {
    const home = cities[Math.floor((index * cities.length) / count)] ?? cities[0];
    const place = random.chance(1 / 7) ? cities[random.int(0, cities.length - 1)] : home;
    const field = categories[Math.floor((index * categories.length) / count)] ?? categories[0];
    // Blocks of ROLE_BLOCK neighbours share a role (a team), so most of their skills come from one list.
    const roles = field?.roles ?? [];
    const fieldSkills = roles[Math.floor(index / ROLE_BLOCK) % Math.max(1, roles.length)]?.skills ?? [];
    const skills = new Set<string>();
    const wanted = random.int(3, 6);
    for (let tries = 0; skills.size < wanted && tries < 20; tries++) {
      skills.add(fieldSkills[random.int(0, fieldSkills.length - 1)] ?? 'Communication');
    }
    if (random.chance(0.2)) {
      const other = categories[random.int(0, categories.length - 1)];
      const pool = other?.roles.flatMap((r) => r.skills) ?? [];
      if (pool.length > 0) skills.add(pool[random.int(0, pool.length - 1)] as string);
    }
    people.push({
      index,
      firstName: firstNames[index % firstNames.length] as string,
      lastName: `Member${index}`,
      email: `network-${runId}-${index}@example.com`,
      city: { city: place?.city ?? '', state: place?.state ?? '', country: place?.country ?? '' },
      skills: [...skills].map((s) => (random.chance(0.1) ? s.toLowerCase() : s)),
    });
  }
  return people;
}

/** The key of an unordered pair of people. */
export const pairKey = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * `count` distinct connections among `people` people, as [requester, recipient] indexes: most within
 * the NEIGHBOURHOOD along the ring, the rest at random. Capped at a quarter of all possible pairs, so
 * drawing never stalls on a small network.
 */
export function networkEdges(seed: number, people: number, count: number): Array<[number, number]> {
  const random = new SeededRandom(seed + 1);
  const cap = Math.min(count, Math.floor((people * (people - 1)) / 4));
  const seen = new Set<string>();
  const edges: Array<[number, number]> = [];
  const reach = Math.max(1, Math.min(NEIGHBOURHOOD, people - 1));
  while (edges.length < cap) {
    const a = random.int(0, people - 1);
    const b = random.chance(LOCAL_SHARE) ? (a + random.int(1, reach)) % people : random.int(0, people - 1);
    if (a === b) continue;
    const key = pairKey(a, b);
    if (seen.has(key)) continue;
    seen.add(key);
    // Either side may have asked.
    edges.push(random.chance(0.5) ? [a, b] : [b, a]);
  }
  return edges;
}
