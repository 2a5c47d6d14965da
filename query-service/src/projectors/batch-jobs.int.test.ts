import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, interleaved, seeded } from './batch-history.ts';
import { applicationHistory, jobHistory } from './batch-job-history.ts';
import { HISTORY_TEST_OPTIONS, snapshotOf } from './batch-testing.ts';
import { jobsIndex, searchJobs } from './jobs/search-index.ts';
import { projectorTestbed } from './testing.ts';

/**
 * Batches of applications, and of jobs with the people they alert (the histories of
 * `batch-job-history.ts`), leave their read models as applying each event alone does.
 */

let oneByOne: Awaited<ReturnType<typeof projectorTestbed>>;
let batched: Awaited<ReturnType<typeof projectorTestbed>>;

beforeAll(async () => {
  oneByOne = await projectorTestbed('batch-one-by-one', { eventByEvent: true });
  batched = await projectorTestbed('batch');
});
afterAll(async () => {
  await oneByOne?.close();
  await batched?.close();
});

describe('projector batches', HISTORY_TEST_OPTIONS, () => {
  for (const seed of [9, 10]) {
    it(`given applications (seed ${seed}) submitted, moved, withdrawn and of an applicant who left, batches leave the applications and their history as applying each event alone does, and redelivering them changes nothing`, async () => {
      const events = applicationHistory(seed);
      await oneByOne.rebuildFrom(events);
      const expected = await snapshotOf(oneByOne);
      expect(expected.tables.application_status_history?.some((r) => r.includes('"withdrawn"'))).toBe(true);
      expect(expected.tables.application_status_history?.some((r) => r.includes('"interview"'))).toBe(true);
      const notifications = expected.tables.notifications ?? [];
      expect(notifications.some((r) => r.includes('"kind": "new_application"'))).toBe(true);
      expect(
        notifications.some((r) => r.includes('"kind": "application_status"') && r.includes('"hidden": true')),
      ).toBe(true);
      expect(
        notifications.some(
          (r) => r.includes('"kind": "application_status"') && r.includes('"hidden": false'),
        ),
      ).toBe(true);
      // Conversations about the jobs, hers among them: her messages erased, the employer's kept.
      expect(expected.tables.conversations?.some((r) => r.includes('"job_title": "Job'))).toBe(true);
      expect(expected.tables.messages?.some((r) => r.includes('"erased": true'))).toBe(true);
      expect(expected.tables.messages?.some((r) => r.includes('"erased": false'))).toBe(true);
      await batched.rebuildFrom([]);
      let applied = 0;
      for (const batch of batches(events, seed, 60)) {
        applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      expect(applied).toBe(events.length);
      expect(await snapshotOf(batched)).toEqual(expected);
      let again = 0;
      for (const batch of batches(events, seed * 11, 300)) {
        again += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
      }
      const reversed = [...events].reverse();
      again += (await batched.runner.applyMessages(reversed.map((e) => batched.message(e)))).applied;
      expect(again).toBe(0);
      expect(await snapshotOf(batched)).toEqual(expected);
    });
  }

  for (const seed of [12, 13]) {
    it(`given jobs (seed ${seed}) posted, edited and closed, with the people they alert, batches leave the jobs, their search documents, counts and the alerts as applying each event alone does, and redelivering them changes nothing`, async () => {
      const { people, jobs } = jobHistory(seed);
      // One edit is in the history twice (redelivered after the rest of its topic): applied once.
      const distinct = (events: readonly { streamId: string; streamVersion: number }[]) =>
        new Set(events.map((e) => `${e.streamId}@${e.streamVersion}`)).size;
      expect(distinct(jobs)).toBe(jobs.length - 1);
      for (const [order, events] of [
        ['people first', [...people, ...jobs]],
        ['interleaved', interleaved([people, jobs], seeded(seed))],
      ] as const) {
        await oneByOne.rebuildFrom(events);
        const expected = await snapshotOf(oneByOne);
        const alerts = (expected.tables.notifications ?? []).filter((r) => r.includes('"kind": "job_alert"'));
        expect(alerts.length, order).toBeGreaterThan(5);
        expect(
          expected.tables.jobs?.some((r) => r.includes('"closed"')),
          order,
        ).toBe(true);
        // The search engine holds every job of the one-by-one schema, as its documents.
        const expectedIndex = await indexView(oneByOne);
        expect(expectedIndex.documents, order).toBe(60);
        expect(
          expectedIndex.found.every(({ total }) => total > 0),
          order,
        ).toBe(true);
        // Edited jobs, one of a closed job among them, and the fourth moved to another type, place and
        // company (and edited again, its redelivered first edit skipped).
        type Row = Record<string, unknown> & { edited_at: string | null };
        const jobRows = (expected.tables.jobs ?? []).map((row) => JSON.parse(row) as Row);
        expect(jobRows.filter((r) => r.edited_at !== null).length, order).toBeGreaterThan(8);
        expect(
          jobRows.some(
            (r) => r.edited_at !== null && r.status === 'closed' && String(r.title).includes('after closing'),
          ),
          order,
        ).toBe(true);
        const fourth = jobs.filter((e) => e.type === 'JobPosted')[3]?.streamId;
        expect(
          jobRows.find((r) => r.id === fourth),
          order,
        ).toMatchObject({
          title: expect.stringContaining('3 (edit 2,'),
          job_type: 'Contract',
          company_slug: 'nimbus-labs',
          location_text: expect.stringContaining('portugal'),
        });
        // The counts kept per choice are the jobs' own, grouped, after every edit.
        const grouped = (keys: string[]) => {
          const counts = new Map<string, number>();
          for (const r of jobRows) {
            const key = JSON.stringify(keys.map((k) => r[k]));
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
          return [...counts].sort();
        };
        const kept = (table: string, keys: string[]) =>
          (expected.tables[table] ?? [])
            .map((row) => JSON.parse(row) as Record<string, unknown> & { jobs: number })
            .map((r): [string, number] => [JSON.stringify(keys.map((k) => r[k])), r.jobs])
            .sort();
        const choices = ['job_type', 'work_location', 'experience_level'];
        expect(kept('job_counts', choices), order).toEqual(grouped(choices));
        // Each job's pay: the top of its range, its minimum alone, or none.
        for (const table of ['jobs']) {
          const pays = new Set(
            (expected.tables[table] ?? []).map((row) => (JSON.parse(row) as { pay: number | null }).pay),
          );
          expect(pays.has(null), `${table} ${order}`).toBe(true);
          expect(pays.has(60_000 + 2 * 1000), `${table} ${order}`).toBe(true);
          expect(pays.has(40_000 + 1 * 1000), `${table} ${order}`).toBe(true);
        }
        // People saved jobs, and some of their saves were taken back.
        expect(expected.tables.saved_jobs?.length, order).toBeGreaterThan(5);
        expect(events.filter((e) => e.type === 'JobSaved').length, order).toBeGreaterThan(
          expected.tables.saved_jobs?.length ?? 0,
        );
        // The counts kept per choice are compared with the rest: they add up to the 60 jobs.
        const keptJobs = (table: string) =>
          (expected.tables[table] ?? []).reduce(
            (sum, row) => sum + (JSON.parse(row) as { jobs: number }).jobs,
            0,
          );
        expect(keptJobs('job_counts'), order).toBe(60);
        await batched.rebuildFrom([]);
        let applied = 0;
        for (const batch of batches(events, seed, 45)) {
          applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
        }
        expect(applied, order).toBe(distinct(events));
        expect(await snapshotOf(batched), order).toEqual(expected);
        expect(await indexView(batched), order).toEqual(expectedIndex);
        let again = 0;
        for (const batch of batches(events, seed * 11, 300)) {
          again += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
        }
        const reversed = [...events].reverse();
        again += (await batched.runner.applyMessages(reversed.map((e) => batched.message(e)))).applied;
        expect(again, order).toBe(0);
        expect(await snapshotOf(batched), order).toEqual(expected);
        expect(await indexView(batched), order).toEqual(expectedIndex);
      }
    });
  }
});

/** What a testbed's jobs index holds: its documents, and the jobs (sorted ids) and totals of searches. */
async function indexView(bed: Awaited<ReturnType<typeof projectorTestbed>>) {
  const searches = ['engineer', 'edit', '"after closing"', 'nimbus', 'designer -kafka', 'engin'];
  return {
    documents: await jobsIndex(bed.runner.search, bed.schema).documents(),
    found: await Promise.all(
      searches.map(async (search) => {
        const page = (n: number) =>
          searchJobs(
            bed.runner.search,
            bed.schema,
            JobListQuery.parse({ search, limit: 50, page: n, sort: 'newest' }),
          );
        const [first, second] = await Promise.all([page(1), page(2)]);
        return { search, ids: [...first.ids, ...second.ids].sort(), total: first.total };
      }),
    ),
  };
}
