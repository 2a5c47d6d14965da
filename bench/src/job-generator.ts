import { companySizes } from '@careers/contracts/constants';
import type {
  ExperienceLevel,
  JobType,
  SkillProficiency,
  WorkLocation,
} from '@careers/contracts/entities/enums';
import type { CreateJobRequest } from '@careers/contracts/requests/create-job';
import {
  benefits,
  type CategoryWords,
  type City,
  categories,
  cities,
  companyPrefixes,
  degreeFields,
  executiveTitles,
  levelPrefixes,
  values,
} from './job-vocabulary.ts';
import { SeededRandom } from './seeded-random.ts';

/**
 * One job as its poster sends it (the Post-a-Job form's request), with what the command-service adds:
 * the id, the poster and the moment of posting. `decidePostJob` turns it into the JobPosted event.
 */
export interface JobPosting {
  jobId: string;
  employerId: string;
  postedAt: Date;
  request: CreateJobRequest;
}

/** The seed of every bench run's job board: runs write the same jobs and can be compared. */
export const JOB_BOARD_SEED = 20_260_101;

export interface JobBoardOptions {
  seed: number;
  /** Who posts the jobs: each company's jobs come from one of them. */
  employerIds: readonly string[];
  /** Jobs are posted over the 90 days before this instant, so "newest first" has something to sort. */
  now: Date;
}

interface Company {
  name: string;
  industry: string;
  size: CreateJobRequest['company']['size'];
  website: string;
  words: CategoryWords;
  home: City;
  employerId: string;
}

const DAY_MS = 86_400_000;
const COMPANIES = 400;

const levels: readonly (readonly [ExperienceLevel, number])[] = [
  ['Entry Level', 25],
  ['Mid Level', 40],
  ['Senior Level', 28],
  ['Executive', 7],
];
const levelPay: Record<ExperienceLevel, number> = {
  'Entry Level': 0.7,
  'Mid Level': 1,
  'Senior Level': 1.35,
  Executive: 1.9,
};
const proficiencies: Record<ExperienceLevel, readonly SkillProficiency[]> = {
  'Entry Level': ['Beginner', 'Intermediate'],
  'Mid Level': ['Intermediate', 'Advanced'],
  'Senior Level': ['Advanced', 'Expert'],
  Executive: ['Advanced', 'Expert'],
};
const yearsOf: Record<ExperienceLevel, [number, number]> = {
  'Entry Level': [0, 1],
  'Mid Level': [2, 4],
  'Senior Level': [5, 8],
  Executive: [10, 15],
};
const jobTypes: readonly (readonly [JobType, number])[] = [
  ['Full-time', 70],
  ['Contract', 12],
  ['Part-time', 10],
  ['Freelance', 8],
];

const article = (word: string) => (/^[AEIOU]/i.test(word) ? 'an' : 'a');
const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const weightedCity = (random: SeededRandom) => random.weighted(cities.map((c) => [c, c.weight] as const));

function makeCompanies(random: SeededRandom, employerIds: readonly string[]): Company[] {
  const companies: Company[] = [];
  const names = new Set<string>();
  for (let attempt = 0; companies.length < COMPANIES && attempt < COMPANIES * 10; attempt++) {
    const words = random.weighted(categories.map((c) => [c, c.weight] as const));
    const name = `${random.pick(companyPrefixes)} ${random.pick(words.companySuffixes)}`;
    if (names.has(name)) continue;
    names.add(name);
    companies.push({
      name,
      industry: random.pick(words.industries),
      size: random.chance(0.1) ? null : random.pick(companySizes),
      website: random.chance(0.1) ? '' : `https://${name.toLowerCase().replace(/[^a-z]+/g, '-')}.example`,
      words,
      home: weightedCity(random),
      employerId: employerIds[companies.length % employerIds.length] as string,
    });
  }
  return companies;
}

/** Both ends, as the Post-a-Job form requires; whole thousands (hundred thousands for yen). */
function salaryOf(
  random: SeededRandom,
  words: CategoryWords,
  level: ExperienceLevel,
  jobType: JobType,
  where: City,
): CreateJobRequest['salary'] {
  const hours = jobType === 'Part-time' ? 0.55 : jobType === 'Internship' ? 0.35 : 1;
  const yearly =
    words.baseSalary * levelPay[level] * hours * where.salaryFactor * (0.85 + random.next() * 0.3);
  const step = yearly > 1_000_000 ? 100_000 : 1000;
  const min = Math.max(step, Math.round(yearly / step) * step);
  const max = Math.round((min * (1.15 + random.next() * 0.25)) / step) * step;
  return { min, max, currency: where.currency };
}

function describe(
  random: SeededRandom,
  job: { title: string; team: string; company: Company; workLocation: WorkLocation; city: string },
  words: CategoryWords,
  skills: readonly string[],
): string {
  const { title, team, company, workLocation, city } = job;
  const [first, second, third] = random.sample(words.duties, 3);
  const sentences = [
    random.chance(0.5)
      ? `${company.name} builds ${random.pick(words.products)}.`
      : `At ${company.name} we build ${random.pick(words.products)}.`,
    `We are looking for ${article(title)} ${title} to join our ${team} team.`,
    `You will ${first}, ${second} and ${third}.`,
    words.category === 'Technology'
      ? `Our stack includes ${list(skills.slice(0, 4))}.`
      : `Experience with ${list(skills.slice(0, 3))} is a plus.`,
    workLocation === 'Remote'
      ? 'This role is fully remote; the team meets in person twice a year.'
      : workLocation === 'Hybrid'
        ? `Hybrid: two or three days a week in our ${city} office.`
        : `You will work on site in ${city}.`,
  ];
  if (random.chance(0.6)) sentences.push(`We value ${list(random.sample(values, 2))}.`);
  if (random.chance(0.3)) sentences.push('Applications are reviewed on a rolling basis.');
  return sentences.join(' ');
}

function requirementsOf(
  random: SeededRandom,
  words: CategoryWords,
  level: ExperienceLevel,
  roleTitle: string,
  skills: readonly string[],
): string[] {
  const [low, high] = yearsOf[level];
  const years = random.int(low, high);
  const candidates = [
    years === 0
      ? `No prior experience as ${article(roleTitle)} ${roleTitle} needed`
      : `${years}+ years of experience as ${article(roleTitle)} ${roleTitle}`,
    `Solid experience with ${skills[0]}`,
    `A degree in ${degreeFields[words.category]} or equivalent experience`,
    `${random.pick(words.certifications)} (or working towards it)`,
    'Excellent written and spoken English',
  ];
  return random.sample(candidates, random.int(2, 4));
}

/**
 * Realistic, varied jobs, the same ones for the same seed, employers and `now`: a few hundred companies
 * of every category, titles by seniority, skills that fit the role, salaries by level and market in the
 * city's currency, descriptions made of the role's duties and skills. Each is a request the Post-a-Job
 * form would send, posted within the 90 days before `now`, with a deadline (if any) after its posting.
 */
export function* jobPostings(options: JobBoardOptions, count: number): Generator<JobPosting> {
  if (options.employerIds.length === 0) throw new Error('jobPostings needs at least one employer');
  const random = new SeededRandom(options.seed);
  const companies = makeCompanies(random, options.employerIds);
  const byCategory = new Map(
    categories.map((words) => [words.category, companies.filter((c) => c.words === words)] as const),
  );
  const now = options.now.getTime();
  for (let i = 0; i < count; i++) {
    const words = random.weighted(categories.map((c) => [c, c.weight] as const));
    // Now and then a company hires outside its own field (a software company's recruiter).
    const own = byCategory.get(words.category) ?? [];
    const company = own.length > 0 && random.chance(0.9) ? random.pick(own) : random.pick(companies);
    const level = random.weighted(levels);
    const jobType = level === 'Entry Level' && random.chance(0.3) ? 'Internship' : random.weighted(jobTypes);
    const role = random.pick(words.roles);
    const team = random.pick(words.teams);
    const named =
      level === 'Executive'
        ? `${random.pick(executiveTitles)} ${random.pick(words.areas)}`
        : [random.pick(levelPrefixes[level]), role.title].filter(Boolean).join(' ');
    const title = level !== 'Executive' && random.chance(0.2) ? `${named}, ${team}` : named;
    const skillNames = random.sample(role.skills, random.int(2, Math.min(6, role.skills.length)));
    if (level === 'Executive') skillNames.push('Leadership', 'Strategy');
    const required = random.int(1, 3);
    const where = random.chance(0.7) ? company.home : weightedCity(random);
    const workLocation: WorkLocation = random.chance(words.onSiteShare)
      ? 'On-site'
      : random.weighted([
          ['Remote', 45],
          ['Hybrid', 55],
        ]);
    const postedAt = now - random.int(0, 90 * 24 * 60) * 60_000;
    const jobId = random.uuid();
    const request: CreateJobRequest = {
      title,
      description: describe(
        random,
        { title: named, team, company, workLocation, city: where.city },
        words,
        skillNames,
      ),
      requirements: requirementsOf(random, words, level, role.title, skillNames),
      jobType,
      workLocation,
      experienceLevel: level,
      category: words.category,
      skills: skillNames.map((name, k) => ({
        name,
        required: k < required,
        proficiency: random.pick(proficiencies[level]),
      })),
      location: { city: where.city, state: where.state, country: where.country },
      salary: salaryOf(random, words, level, jobType, where),
      company: {
        name: company.name,
        industry: company.industry,
        size: company.size,
        website: company.website,
      },
      benefits: random.sample(benefits, random.int(0, 5)),
      applicationDeadline: random.chance(0.4)
        ? null
        : new Date(postedAt + random.int(14, 90) * DAY_MS).toISOString().slice(0, 10),
    };
    yield { jobId, employerId: company.employerId, postedAt: new Date(postedAt), request };
  }
}
