import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, interleaved, seeded } from './batch-history.ts';
import { applicationHistory, jobHistory } from './batch-job-history.ts';
import { snapshotOf } from './batch-testing.ts';
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

describe('projector batches', () => {
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
    it(`given jobs (seed ${seed}) posted and closed, with the people they alert, batches leave the jobs, their search rows and the alerts as applying each event alone does, and redelivering them changes nothing`, async () => {
      const { people, jobs } = jobHistory(seed);
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
        expect(expected.tables.job_search?.length, order).toBe(60);
        // Each job's pay, on both tables: the top of its range, its minimum alone, or none.
        for (const table of ['jobs', 'job_search']) {
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
        // The counts kept per choice and per place are compared with the rest: each adds up to the
        // 60 jobs, the places' over more than one place.
        const keptJobs = (table: string) =>
          (expected.tables[table] ?? []).reduce(
            (sum, row) => sum + (JSON.parse(row) as { jobs: number }).jobs,
            0,
          );
        expect(keptJobs('job_counts'), order).toBe(60);
        expect(keptJobs('job_place_counts'), order).toBe(60);
        expect(
          new Set(
            (expected.tables.job_place_counts ?? []).map(
              (row) => (JSON.parse(row) as { location_text: string }).location_text,
            ),
          ).size,
          order,
        ).toBeGreaterThan(1);
        await batched.rebuildFrom([]);
        let applied = 0;
        for (const batch of batches(events, seed, 45)) {
          applied += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
        }
        expect(applied, order).toBe(events.length);
        expect(await snapshotOf(batched), order).toEqual(expected);
        let again = 0;
        for (const batch of batches(events, seed * 11, 300)) {
          again += (await batched.runner.applyMessages(batch.map((e) => batched.message(e)))).applied;
        }
        const reversed = [...events].reverse();
        again += (await batched.runner.applyMessages(reversed.map((e) => batched.message(e)))).applied;
        expect(again, order).toBe(0);
        expect(await snapshotOf(batched), order).toEqual(expected);
      }
    });
  }
});
