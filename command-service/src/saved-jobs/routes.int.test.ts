import { AccountExport } from '@careers/contracts/api/account-export';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { MAX_SAVED_JOBS } from '@careers/contracts/constants';
import { authMessages, hiringMessages, jobMessages, savedJobMessages } from '@careers/contracts/messages';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { hiringTestbed, jobForm } from '../jobs/testing.ts';

const bed = hiringTestbed(testNamespace('saved-jobs'));
const { call, query, signUp, postJob, eventsOf, eventCount } = bed;

type Person = Awaited<ReturnType<typeof signUp>>;

const saveJob = (sid: string | undefined, jobId: string) => call('PUT', `/api/jobs/${jobId}/saved`, sid);
const unsaveJob = (sid: string | undefined, jobId: string) => call('DELETE', `/api/jobs/${jobId}/saved`, sid);

/** The person's saved list as the write side keeps it: job ids, oldest save first. */
async function savedRows(userId: string) {
  return query<{ job_id: string; saved_at: Date }>(
    'SELECT job_id, saved_at FROM {schema}.saved_jobs WHERE user_id = $1 ORDER BY saved_at, job_id',
    [userId],
  );
}

/** The saved-job events on the person's stream. */
async function savedEvents(userId: string) {
  return (await eventsOf(userId)).filter((e) => e.type === 'JobSaved' || e.type === 'JobUnsaved');
}

/** The list the person's events leave, job by job (the last event of each job tells). */
function listByEvents(events: { type: string; data: Record<string, unknown> }[]): string[] {
  const saved = new Set<string>();
  for (const { type, data } of events) {
    if (type === 'JobSaved') saved.add(data.jobId as string);
    else saved.delete(data.jobId as string);
  }
  return [...saved].sort();
}

async function newJob(poster?: Person) {
  return postJob((poster ?? (await signUp('Poster'))).sid, jobForm);
}

describe('PUT /api/jobs/:id/saved', () => {
  it('saves the job on the person stream, answers saved, and keeps it on the list', async () => {
    const ada = await signUp('Ada');
    const job = await newJob();
    const response = await saveJob(ada.sid, job._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { jobId: job._id, saved: true } });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${ada.id}@2`]);

    const events = await eventsOf(ada.id);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'JobSaved']);
    expect(events[1]?.data).toEqual({ userId: ada.id, jobId: job._id, savedAt: expect.any(String) });
    const rows = await savedRows(ada.id);
    expect(rows.map((r) => [r.job_id, r.saved_at.toISOString()])).toEqual([
      [job._id, events[1]?.data.savedAt],
    ]);
    // The job's own stream is not touched: the list is the person's.
    expect((await eventsOf(job._id)).map((e) => e.type)).toEqual(['JobPosted']);
  });

  it('answers saved again for a job already saved, and records nothing', async () => {
    const ada = await signUp('Ada');
    const job = await newJob();
    expect((await saveJob(ada.sid, job._id)).statusCode).toBe(200);
    const before = await eventCount();
    const again = await saveJob(ada.sid, job._id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ data: { jobId: job._id, saved: true } });
    expect(again.headers[CONSISTENCY_HEADER]).toBeUndefined();
    expect(await eventCount()).toBe(before);
    expect((await savedRows(ada.id)).map((r) => r.job_id)).toEqual([job._id]);
  });

  it("saves one's own posted job too", async () => {
    const ada = await signUp('Ada');
    const job = await newJob(ada);
    const response = await saveJob(ada.sid, job._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { jobId: job._id, saved: true } });
  });

  it('names the job in lower case whatever the case of the address', async () => {
    const ada = await signUp('Ada');
    const job = await newJob();
    const response = await saveJob(ada.sid, job._id.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { jobId: job._id, saved: true } });
    expect((await savedEvents(ada.id)).map((e) => e.data.jobId)).toEqual([job._id]);
  });

  it('refuses a closed job with 409 and writes nothing', async () => {
    const ada = await signUp('Ada');
    const poster = await signUp('Poster');
    const job = await newJob(poster);
    expect((await call('POST', `/api/jobs/${job._id}/close`, poster.sid)).statusCode).toBe(200);
    const before = await eventCount();
    const response = await saveJob(ada.sid, job._id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: hiringMessages.jobClosed });
    expect(await eventCount()).toBe(before);
    expect(await savedRows(ada.id)).toEqual([]);
  });

  it('keeps a saved job that closes saved: saving it again answers saved, unsaving takes it off', async () => {
    const ada = await signUp('Ada');
    const poster = await signUp('Poster');
    const job = await newJob(poster);
    expect((await saveJob(ada.sid, job._id)).statusCode).toBe(200);
    expect((await call('POST', `/api/jobs/${job._id}/close`, poster.sid)).statusCode).toBe(200);
    expect((await savedRows(ada.id)).map((r) => r.job_id)).toEqual([job._id]);

    const again = await saveJob(ada.sid, job._id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ data: { jobId: job._id, saved: true } });
    const off = await unsaveJob(ada.sid, job._id);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ data: { jobId: job._id, saved: false } });
    expect((await savedEvents(ada.id)).map((e) => e.type)).toEqual(['JobSaved', 'JobUnsaved']);
    // Off the list, it is a closed job like any other: not saved again.
    const closed = await saveJob(ada.sid, job._id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ message: hiringMessages.jobClosed });
  });

  it('answers 404 for an unknown or malformed job id, and 401 without a session', async () => {
    const ada = await signUp('Ada');
    for (const id of ['8d3b0a4e-5b7c-4d2e-9f10-1a2b3c4d5e6f', 'not-a-uuid']) {
      for (const send of [saveJob, unsaveJob]) {
        const response = await send(ada.sid, id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: jobMessages.jobNotFound });
      }
    }
    const job = await newJob();
    for (const send of [saveJob, unsaveJob]) {
      const response = await send(undefined, job._id);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authMessages.signInRequired });
    }
    expect((await eventsOf(ada.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it(`takes ${MAX_SAVED_JOBS} jobs and refuses the ones beyond, even all sent at once`, async () => {
    const ada = await signUp('Ada');
    const poster = await signUp('Poster');
    const jobs: string[] = [];
    const extra = 3;
    while (jobs.length < MAX_SAVED_JOBS + extra) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => postJob(poster.sid, jobForm)));
      jobs.push(...batch.map((job) => job._id));
    }
    jobs.length = MAX_SAVED_JOBS + extra;

    const answers = await Promise.all(jobs.map((id) => saveJob(ada.sid, id)));
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json()])).toEqual(
      Array.from({ length: extra }, () => [409, { message: savedJobMessages.tooMany }]),
    );
    expect(await savedRows(ada.id)).toHaveLength(MAX_SAVED_JOBS);
    const events = await savedEvents(ada.id);
    expect(events).toHaveLength(MAX_SAVED_JOBS);
    expect(listByEvents(events)).toEqual((await savedRows(ada.id)).map((r) => r.job_id).sort());

    // One off the list makes room for one more.
    const savedOne = events[0]?.data.jobId as string;
    const left = jobs.filter((id) => !listByEvents(events).includes(id));
    expect((await unsaveJob(ada.sid, savedOne)).statusCode).toBe(200);
    expect((await saveJob(ada.sid, left[0] as string)).json()).toEqual({
      data: { jobId: left[0], saved: true },
    });
    const full = await saveJob(ada.sid, left[1] as string);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: savedJobMessages.tooMany });
    expect(await savedRows(ada.id)).toHaveLength(MAX_SAVED_JOBS);
  }, 180_000);

  it('saves two jobs sent at once, one after the other on the person stream', async () => {
    const ada = await signUp('Ada');
    const [one, two] = [await newJob(), await newJob()];
    const answers = await Promise.all([saveJob(ada.sid, one._id), saveJob(ada.sid, two._id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const tokens = answers.map((a) => consistencyTokenSubjects(a.headers[CONSISTENCY_HEADER])[0]).sort();
    expect(tokens).toEqual([`${ada.id}@2`, `${ada.id}@3`]);
    expect(listByEvents(await savedEvents(ada.id))).toEqual([one._id, two._id].sort());
    expect((await savedRows(ada.id)).map((r) => r.job_id).sort()).toEqual([one._id, two._id].sort());
  });
});

describe('DELETE /api/jobs/:id/saved', () => {
  it('takes the job off the list, answers not saved, and records JobUnsaved', async () => {
    const ada = await signUp('Ada');
    const job = await newJob();
    expect((await saveJob(ada.sid, job._id)).statusCode).toBe(200);
    const response = await unsaveJob(ada.sid, job._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { jobId: job._id, saved: false } });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${ada.id}@3`]);
    const events = await savedEvents(ada.id);
    expect(events.map((e) => e.type)).toEqual(['JobSaved', 'JobUnsaved']);
    expect(events[1]?.data).toEqual({ userId: ada.id, jobId: job._id, unsavedAt: expect.any(String) });
    expect(await savedRows(ada.id)).toEqual([]);
  });

  it('answers not saved for a job not on the list, and records nothing', async () => {
    const ada = await signUp('Ada');
    const job = await newJob();
    const before = await eventCount();
    const response = await unsaveJob(ada.sid, job._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { jobId: job._id, saved: false } });
    expect(response.headers[CONSISTENCY_HEADER]).toBeUndefined();
    expect(await eventCount()).toBe(before);
  });

  it("touches only the person's own list: another's saved job stays saved", async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const job = await newJob();
    expect((await saveJob(ada.sid, job._id)).statusCode).toBe(200);
    const response = await unsaveJob(bob.sid, job._id);
    expect(response.json()).toEqual({ data: { jobId: job._id, saved: false } });
    expect((await savedRows(ada.id)).map((r) => r.job_id)).toEqual([job._id]);
    expect((await eventsOf(bob.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('ends a save and an unsave of one job sent at once as their events say, every time', async () => {
    const ada = await signUp('Ada');
    const job = await newJob();
    for (let round = 0; round < 8; round += 1) {
      // Whichever state the round before left, and whichever of the two runs first.
      const answers = await Promise.all([saveJob(ada.sid, job._id), unsaveJob(ada.sid, job._id)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const events = await savedEvents(ada.id);
      const saved = listByEvents(events).includes(job._id);
      // The list as kept and the list as recorded agree...
      expect((await savedRows(ada.id)).map((r) => r.job_id)).toEqual(saved ? [job._id] : []);
      // ...and with the answer of the last one that wrote (one of the two always does).
      const writes = answers
        .map((answer) => ({
          saved: answer.json().data.saved as boolean,
          version: Number(
            consistencyTokenSubjects(answer.headers[CONSISTENCY_HEADER])[0]?.split('@')[1] ?? 0,
          ),
        }))
        .filter((write) => write.version > 0)
        .sort((x, y) => y.version - x.version);
      expect(writes[0]?.saved).toBe(saved);
    }
    // Never two saves or two unsaves of the job in a row: each change was decided on the one before.
    const types = (await savedEvents(ada.id)).map((e) => e.type);
    types.forEach((type, i) => {
      expect(type).toBe(i % 2 === 0 ? 'JobSaved' : 'JobUnsaved');
    });
    // And the user stream has no gap or repeat.
    const versions = (
      await query<{ stream_version: number }>(
        'SELECT stream_version FROM {schema}.event_log WHERE stream_id = $1 ORDER BY position',
        [ada.id],
      )
    ).map((r) => r.stream_version);
    expect(versions).toEqual(versions.map((_v, i) => i + 1));
  });
});

describe('the saved list and the account', () => {
  it('exports the jobs saved now, with when they were saved', async () => {
    const ada = await signUp('Ada');
    const [kept, dropped] = [await newJob(), await newJob()];
    expect((await saveJob(ada.sid, kept._id)).statusCode).toBe(200);
    expect((await saveJob(ada.sid, dropped._id)).statusCode).toBe(200);
    expect((await unsaveJob(ada.sid, dropped._id)).statusCode).toBe(200);
    const response = await call('POST', '/api/auth/export', ada.sid);
    expect(response.statusCode, response.body).toBe(200);
    const body = AccountExport.parse(response.json());
    const savedAt = (await savedRows(ada.id))[0]?.saved_at.toISOString();
    expect(body.savedJobs).toEqual([{ jobId: kept._id, savedAt }]);
    expect(body.events.filter((e) => e.type.startsWith('Job')).map((e) => e.type)).toEqual([
      'JobSaved',
      'JobSaved',
      'JobUnsaved',
    ]);
  });

  it("drops the person's saved jobs with their account; the jobs and others' lists stay", async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const [one, two] = [await newJob(), await newJob()];
    for (const job of [one, two]) expect((await saveJob(ada.sid, job._id)).statusCode).toBe(200);
    expect((await saveJob(bob.sid, one._id)).statusCode).toBe(200);

    const deleted = await call('DELETE', '/api/auth/account', ada.sid, { password: 'cobol-1959' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await savedRows(ada.id)).toEqual([]);
    expect((await savedRows(bob.id)).map((r) => r.job_id)).toEqual([one._id]);
    expect(
      await query('SELECT id FROM {schema}.jobs WHERE id = ANY($1::uuid[])', [[one._id, two._id]]),
    ).toHaveLength(2);
    // AccountDeleted ends the list; no JobUnsaved is recorded job by job.
    expect((await eventsOf(ada.id)).map((e) => e.type)).toEqual([
      'UserRegistered',
      'JobSaved',
      'JobSaved',
      'AccountDeleted',
    ]);
    // The session went with the account.
    expect((await saveJob(ada.sid, two._id)).statusCode).toBe(401);
  });

  it("keeps a job saved when its poster's account is deleted (the job closes), and lets it go", async () => {
    const ada = await signUp('Ada');
    const poster = await signUp('Poster');
    const job = await newJob(poster);
    expect((await saveJob(ada.sid, job._id)).statusCode).toBe(200);
    const deleted = await call('DELETE', '/api/auth/account', poster.sid, { password: 'cobol-1959' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await savedRows(ada.id)).map((r) => r.job_id)).toEqual([job._id]);
    expect((await saveJob(ada.sid, job._id)).json()).toEqual({ data: { jobId: job._id, saved: true } });
    expect((await unsaveJob(ada.sid, job._id)).json()).toEqual({ data: { jobId: job._id, saved: false } });
    expect(await savedRows(ada.id)).toEqual([]);
  });
});
