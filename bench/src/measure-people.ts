import { apiPath, routes } from '@careers/contracts/routes';
import { type BenchUser, outcomeOf, type ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { closedLoop, type LoadResult } from './load.ts';
import type { NetworkPerson } from './network-generator.ts';
import { SeededRandom } from './seeded-random.ts';

/** Issue 52's targets: finding a person and opening their profile as quick as the other reads. */
export const PEOPLE_SEARCH_P99_MS = 30;
export const TYPEAHEAD_P99_MS = 30;
export const PROFILE_P99_MS = 20;

/** The three reads of finding people, sent in turn. */
export type PeopleReadKind = 'people search' | 'typeahead' | 'profile';

export type PeopleReads = LoadResult & { cpu: CpuUsage[] };

/**
 * What a person types to find someone, as they type it: the start of a first name (two to four
 * letters: about one in twenty of the network), or a first name and the start of a surname (a
 * handful). The network's people are named `<first> Member<n>`.
 */
export function searchTextOf(person: NetworkPerson, random: SeededRandom): string {
  if (random.chance(0.5)) return person.firstName.slice(0, random.int(2, 4)).toLowerCase();
  return `${person.firstName.toLowerCase()} ${person.lastName.slice(0, random.int(7, person.lastName.length)).toLowerCase()}`;
}

/**
 * A closed loop of people search (GET /api/people), the top bar's typeahead (GET /api/search, which
 * also searches the companies and the jobs the bench wrote before) and profile pages (GET
 * /api/people/:id), by the network's signed-in people, over the network's people.
 */
export async function measurePeopleReads(
  api: ProductApi,
  signedIn: readonly BenchUser[],
  people: readonly NetworkPerson[],
  userIds: readonly string[],
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<PeopleReads> {
  const random = new SeededRandom(52);
  const cpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
  const kinds: PeopleReadKind[] = ['people search', 'typeahead', 'profile'];
  let turn = 0;
  progress(
    `closed loop of people search, typeahead and profile pages over ${people.length} people, ` +
      `${config.connections} at once: ${config.warmupSeconds}s warm-up + ${config.seconds}s`,
  );
  const reads = await closedLoop(
    {
      connections: config.connections,
      warmupMs: config.warmupSeconds * 1000,
      durationMs: config.seconds * 1000,
      onMeasureStart: cpu.start,
      onMeasureEnd: cpu.end,
    },
    async () => {
      const kind = kinds[turn++ % kinds.length] as PeopleReadKind;
      const reader = signedIn[random.int(0, signedIn.length - 1)] as BenchUser;
      const target = random.int(0, people.length - 1);
      const text = searchTextOf(people[target] as NetworkPerson, random);
      const path =
        kind === 'people search'
          ? `${apiPath(routes.searchPeople)}?${new URLSearchParams({ search: text, limit: '10' })}`
          : kind === 'typeahead'
            ? `${apiPath(routes.siteSearch)}?${new URLSearchParams({ q: text, limit: '4', kind: 'typeahead' })}`
            : apiPath(routes.getPerson).replace(':id', userIds[target] as string);
      const reply = await api.query.request('GET', path, { cookie: reader.cookie, discardBody: true });
      return outcomeOf(reply, 200, kind);
    },
  );
  progress(
    `  ${kinds.map((kind) => `${kind} p50 ${reads.byKind[kind]?.p50} ms, p99 ${reads.byKind[kind]?.p99} ms`).join('; ')} ` +
      `(${reads.rate.toFixed(0)} reads/s)`,
  );
  return { ...reads, cpu: cpu.usage() };
}
