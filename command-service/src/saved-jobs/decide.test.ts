import { MAX_SAVED_JOBS } from '@careers/contracts/constants';
import { hiringMessages, jobMessages, savedJobMessages } from '@careers/contracts/messages';
import { registeredUser } from '@careers/contracts/user-defaults';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import { noFiles } from '../users/evolve.ts';
import {
  decideSaveJob,
  decideUnsaveJob,
  evolveSavedEntry,
  evolveSavedJobCommand,
  type SavedJobCommandState,
} from './decide.ts';

const now = new Date('2026-04-02T03:00:00.000Z');
const earlier = '2026-03-01T10:00:00.000Z';
const userId = '11111111-1111-4111-8111-111111111111';
const jobId = '33333333-3333-4333-8333-333333333333';

const open = { status: 'open' } as const;
const closed = { status: 'closed' } as const;
const notSaved = (count = 0) => ({ savedAt: null, count });
const saved = (count = 1) => ({ savedAt: earlier, count });

type Given = Pick<SavedJobCommandState, 'job' | 'entry'>;
const save = ({ job, entry }: Given) => decideSaveJob({ userId, jobId, job, entry, now });
const unsave = ({ job, entry }: Given) => decideUnsaveJob({ userId, jobId, job, entry, now });

describe('save a job', () => {
  it('records JobSaved for an open job not on the list', () => {
    given({ job: open, entry: notSaved(3) })
      .when(save)
      .thenRecords([{ type: 'JobSaved', data: { userId, jobId, savedAt: now.toISOString() } }]);
  });

  it('records nothing for a job already saved, open or closed since', () => {
    given({ job: open, entry: saved() }).when(save).thenRecordsNothing();
    given({ job: closed, entry: saved() }).when(save).thenRecordsNothing();
    // Even with the list full: the job is on it already.
    given({ job: open, entry: saved(MAX_SAVED_JOBS) })
      .when(save)
      .thenRecordsNothing();
  });

  it('refuses a job that does not exist: not found', () => {
    given({ job: null, entry: notSaved() }).when(save).thenRefuses('not found', jobMessages.jobNotFound);
  });

  it('refuses a closed job not on the list', () => {
    given({ job: closed, entry: notSaved() }).when(save).thenRefuses('conflict', hiringMessages.jobClosed);
  });

  it(`takes the ${MAX_SAVED_JOBS}th job and refuses the one beyond`, () => {
    given({ job: open, entry: notSaved(MAX_SAVED_JOBS - 1) })
      .when(save)
      .thenRecords([{ type: 'JobSaved', data: { userId, jobId, savedAt: now.toISOString() } }]);
    given({ job: open, entry: notSaved(MAX_SAVED_JOBS) })
      .when(save)
      .thenRefuses('conflict', savedJobMessages.tooMany);
  });

  it('tells a closed job before a full list', () => {
    given({ job: closed, entry: notSaved(MAX_SAVED_JOBS) })
      .when(save)
      .thenRefuses('conflict', hiringMessages.jobClosed);
  });
});

describe('unsave a job', () => {
  it('records JobUnsaved for a job on the list, whatever its state', () => {
    const event = { type: 'JobUnsaved', data: { userId, jobId, unsavedAt: now.toISOString() } } as const;
    given({ job: open, entry: saved() }).when(unsave).thenRecords([event]);
    given({ job: closed, entry: saved() }).when(unsave).thenRecords([event]);
    // Jobs are never deleted; were one gone, it would still come off the list.
    given({ job: null, entry: saved() }).when(unsave).thenRecords([event]);
  });

  it('records nothing for a job not on the list', () => {
    given({ job: open, entry: notSaved(2) })
      .when(unsave)
      .thenRecordsNothing();
    given({ job: closed, entry: notSaved(2) })
      .when(unsave)
      .thenRecordsNothing();
  });

  it('refuses a job that does not exist and is not on the list: not found', () => {
    given({ job: null, entry: notSaved() }).when(unsave).thenRefuses('not found', jobMessages.jobNotFound);
  });
});

describe('the state the events leave', () => {
  const savedEvent = { type: 'JobSaved', data: { userId, jobId, savedAt: now.toISOString() } } as const;
  const unsavedEvent = {
    type: 'JobUnsaved',
    data: { userId, jobId, unsavedAt: now.toISOString() },
  } as const;

  it('puts the job on the list and counts it, and takes it off again', () => {
    expect(evolveSavedEntry(notSaved(4), savedEvent)).toEqual({ savedAt: now.toISOString(), count: 5 });
    expect(evolveSavedEntry(saved(5), unsavedEvent)).toEqual({ savedAt: null, count: 4 });
  });

  it('moves the user stream on by one event, the user unchanged', () => {
    const user = registeredUser({
      userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      accountType: 'job_seeker',
      registeredAt: earlier,
    });
    const state: SavedJobCommandState = {
      user,
      passwordHash: 'hash',
      files: noFiles,
      version: 7,
      jobId,
      job: open,
      entry: notSaved(0),
    };
    const next = evolveSavedJobCommand(state, [savedEvent]);
    expect(next).toEqual({ ...state, version: 8, entry: { savedAt: now.toISOString(), count: 1 } });
    expect(next.user).toEqual(user);
  });
});
