import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import type { SavedJob } from '@careers/contracts/entities/saved-job';
import { ConsistencyTokenSigner, consistencyTokenSecret, SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostedData } from '../projectors/jobs/testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * GET /api/jobs/my/saved over the real projectors, Postgres and Redis sessions, through `app.inject`:
 * which jobs and when from the saved-jobs model, each job as the jobs model has it now.
 */

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;
let signer: ConsistencyTokenSigner;

beforeAll(async () => {
  bed = await queryAppTestbed('saved-job-routes');
  signer = new ConsistencyTokenSigner(consistencyTokenSecret(bed.config));
});
afterAll(async () => {
  await bed?.close();
});

const URL = '/api/jobs/my/saved';
let minute = 0;
const later = () => new Date(Date.UTC(2026, 2, 1, 9, minute++)).toISOString();

type Person = { id: string; sid: string };

async function savedList(who: Person | null, headers: Record<string, string> = {}) {
  const response = await bed.app.inject({
    method: 'GET',
    url: URL,
    headers: { ...headers, ...(who ? { cookie: `${SESSION_COOKIE}=${who.sid}` } : {}) },
  });
  return {
    status: response.statusCode,
    stale: response.headers['x-consistency-stale'],
    body: response.json() as { data: SavedJob[] },
  };
}
const jobIdsOf = (body: { data: SavedJob[] }) => body.data.map((s) => s.job._id);

/** A signed-in person whose saves and unsaves go on their stream, after their registration (version 1). */
async function saver(firstName: string) {
  const person = await bed.signedIn(firstName);
  let version = 1;
  return {
    ...person,
    get version() {
      return version;
    },
    save: (jobId: string, savedAt = later()) =>
      bed.event('JobSaved', person.id, ++version, { userId: person.id, jobId, savedAt }),
    unsave: (jobId: string) =>
      bed.event('JobUnsaved', person.id, ++version, { userId: person.id, jobId, unsavedAt: later() }),
  };
}

function posted(title: string, employerId: string) {
  const job = jobPostedData({ employerId, title, postedAt: later() });
  return { job, event: bed.event('JobPosted', job.jobId, 1, job) };
}

describe('GET /api/jobs/my/saved', () => {
  it('answers 401 without a session', async () => {
    expect((await savedList(null)).status).toBe(401);
  });

  it("lists the reader's saved jobs, the latest saved first, a closed one marked closed", async () => {
    const [poster, ann, bob] = [await saver('Poster'), await saver('Ann'), await saver('Bob')];
    const open = posted('Open', poster.id);
    const closing = posted('Closing', poster.id);
    const unsaved = posted('Unsaved', poster.id);
    const openSave = ann.save(open.job.jobId);
    const saveToUnsave = ann.save(unsaved.job.jobId);
    const closingSave = ann.save(closing.job.jobId);
    await bed.project([
      open.event,
      closing.event,
      unsaved.event,
      openSave,
      saveToUnsave,
      closingSave,
      ann.unsave(unsaved.job.jobId),
      bed.event('JobClosed', closing.job.jobId, 2, {
        jobId: closing.job.jobId,
        employerId: poster.id,
        closedAt: later(),
      }),
    ]);

    const { status, body } = await savedList(ann);
    expect(status).toBe(200);
    expect(jobIdsOf(body)).toEqual([closing.job.jobId, open.job.jobId]);
    const [closed, stillOpen] = body.data;
    expect(closed?.savedAt).toBe((closingSave.data as { savedAt: string }).savedAt);
    expect(closed?.job).toMatchObject({
      _id: closing.job.jobId,
      title: 'Closing',
      status: 'closed',
      closedAt: expect.any(String),
      employer: { _id: poster.id, firstName: 'Poster', lastName: 'Tester' },
      applications: [],
    });
    expect(stillOpen).toEqual({
      savedAt: (openSave.data as { savedAt: string }).savedAt,
      job: expect.objectContaining({ _id: open.job.jobId, status: 'open', closedAt: null }),
    });
    // Only the reader's own list.
    expect((await savedList(bob)).body).toEqual({ data: [] });
  });

  it('leaves out a saved job the jobs model does not know yet, and shows it once it does', async () => {
    const [poster, ann] = [await saver('Poster'), await saver('Ann')];
    const known = posted('Known', poster.id);
    const notYet = posted('Not yet', poster.id);
    await bed.project([known.event, ann.save(known.job.jobId), ann.save(notYet.job.jobId)]);
    expect(jobIdsOf((await savedList(ann)).body)).toEqual([known.job.jobId]);
    await bed.project([notYet.event]);
    expect(jobIdsOf((await savedList(ann)).body)).toEqual([notYet.job.jobId, known.job.jobId]);
  });

  it('answers a reader holding the token of their save with the save applied', async () => {
    const [poster, ann] = [await saver('Poster'), await saver('Ann')];
    const job = posted('Wanted', poster.id);
    await bed.project([job.event]);
    const save = ann.save(job.job.jobId);
    const token = signer.issue({ streamId: ann.id, streamVersion: ann.version }, ann.id);
    // The read waits for the save's projection, which comes while it waits.
    const waiting = savedList(ann, { [CONSISTENCY_HEADER]: token });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await bed.project([save]);
    const waited = await waiting;
    expect(waited.status).toBe(200);
    expect(waited.stale).toBeUndefined();
    expect(jobIdsOf(waited.body)).toEqual([job.job.jobId]);

    // And the unsave's token likewise.
    const unsave = ann.unsave(job.job.jobId);
    const unsaveToken = signer.issue({ streamId: ann.id, streamVersion: ann.version }, ann.id);
    const waitingAgain = savedList(ann, { [CONSISTENCY_HEADER]: unsaveToken });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await bed.project([unsave]);
    expect((await waitingAgain).body).toEqual({ data: [] });
  });
});
