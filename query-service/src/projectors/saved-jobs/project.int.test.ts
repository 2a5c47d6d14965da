import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { SavedJobQueries } from './queries.ts';

/** The saved-jobs read model: a person's saved jobs from their JobSaved and JobUnsaved. */

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let saved: SavedJobQueries;

beforeAll(async () => {
  bed = await projectorTestbed('saved-jobs');
  saved = new SavedJobQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();

/** One person's stream from their registration, each event at the next version. */
function personStream(userId: string) {
  const stream = bed.personStream(userId, 'Saver');
  return {
    events: stream.events,
    save: (jobId: string, minute: number) => stream.next('JobSaved', { userId, jobId, savedAt: at(minute) }),
    unsave: (jobId: string, minute: number) =>
      stream.next('JobUnsaved', { userId, jobId, unsavedAt: at(minute) }),
    delete: (minute: number) => stream.next('AccountDeleted', { userId, deletedAt: at(minute) }),
  };
}

const apply = (events: readonly EventEnvelope[]) => bed.runner.applyMessages(events.map(bed.message));
const listOf = async (userId: string) => (await saved.ofUser(userId)).map((s) => [s.jobId, s.savedAt]);

async function tableRows(): Promise<unknown[]> {
  const { rows } = await bed.pool.query(
    `SELECT user_id, job_id, saved_at FROM ${bed.schema}.saved_jobs ORDER BY user_id, job_id`,
  );
  return rows;
}

describe('the saved-jobs read model', () => {
  const [ann, bob] = [randomUUID(), randomUUID()];
  const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
  let annStream: ReturnType<typeof personStream>;
  let bobStream: ReturnType<typeof personStream>;
  beforeAll(() => {
    annStream = personStream(ann);
    bobStream = personStream(bob);
  });

  it('lists the jobs a person saved, the latest saved first, and only theirs', async () => {
    await apply([
      ...annStream.events,
      ...bobStream.events,
      annStream.save(first, 1),
      annStream.save(second, 2),
      bobStream.save(first, 3),
    ]);
    expect(await listOf(ann)).toEqual([
      [second, at(2)],
      [first, at(1)],
    ]);
    expect(await listOf(bob)).toEqual([[first, at(3)]]);
    expect(await listOf(randomUUID())).toEqual([]);
  });

  it('takes an unsaved job off the list, and a job saved again comes back first, at its new time', async () => {
    await apply([annStream.unsave(second, 4)]);
    expect(await listOf(ann)).toEqual([[first, at(1)]]);
    await apply([annStream.save(third, 5), annStream.unsave(first, 6), annStream.save(first, 7)]);
    expect(await listOf(ann)).toEqual([
      [first, at(7)],
      [third, at(5)],
    ]);
    // Bob's save of the same job is his own.
    expect(await listOf(bob)).toEqual([[first, at(3)]]);
  });

  it('changes nothing when everything is delivered again, in order and reversed', async () => {
    const before = await tableRows();
    const all = [...annStream.events, ...bobStream.events];
    expect(await apply(all)).toEqual({ applied: 0, skipped: all.length });
    expect(await apply([...all].reverse())).toEqual({ applied: 0, skipped: all.length });
    expect(await tableRows()).toEqual(before);
  });

  it('is rebuilt from scratch to the same rows, applied one event at a time or all in one batch', async () => {
    const before = await tableRows();
    const all = [...annStream.events, ...bobStream.events];
    await bed.rebuildFrom(all);
    expect(await tableRows()).toEqual(before);
    // All at once: each person and job as its last event left it.
    await bed.rebuildFrom([]);
    expect(await tableRows()).toEqual([]);
    expect(await apply(all)).toEqual({ applied: all.length, skipped: 0 });
    expect(await tableRows()).toEqual(before);
  });

  it("drops a person's saved jobs with their account, and nobody else's", async () => {
    await apply([annStream.delete(8)]);
    expect(await listOf(ann)).toEqual([]);
    expect(await listOf(bob)).toEqual([[first, at(3)]]);
    const all = [...annStream.events, ...bobStream.events];
    const after = await tableRows();
    await bed.rebuildFrom(all);
    expect(await tableRows()).toEqual(after);
  });

  it('reads at most the number asked for (MAX_SAVED_JOBS unless told), the latest saved', async () => {
    const cy = randomUUID();
    const cyStream = personStream(cy);
    const jobs = Array.from({ length: 3 }, () => randomUUID());
    await apply([...cyStream.events, ...jobs.map((jobId, i) => cyStream.save(jobId, 10 + i))]);
    expect((await saved.ofUser(cy, 2)).map((s) => s.jobId)).toEqual([jobs[2], jobs[1]]);
    expect(await saved.ofUser(cy)).toHaveLength(3);
  });
});
