import { randomUUID } from 'node:crypto';
import { storageKeys } from '@careers/service-kit/object-storage';
import { testNamespace } from '@careers/service-kit/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApplicationStore } from '../applications/store.ts';
import { jobForm } from '../jobs/testing.ts';
import { UserStore } from '../users/store.ts';
import { sweepOrphanedUploads } from './sweeper.ts';
import { tinyPdf, uploadTestbed } from './testing.ts';

const bed = uploadTestbed(testNamespace('upload-sweeper'));

const HOUR = 60 * 60 * 1000;

function sweep(now: Date) {
  const { storage, pool, config, log } = bed.running().deps;
  return sweepOrphanedUploads(
    {
      storage,
      pool,
      users: new UserStore(config.DB_SCHEMA),
      applications: new ApplicationStore(config.DB_SCHEMA),
      log,
    },
    { now },
  );
}

describe('sweepOrphanedUploads', () => {
  it('removes old objects nothing names, and keeps every file a user or an application has', async () => {
    // Kept: Ada's picture and resume, and the copy her application to Grace's job keeps.
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const picture = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await bed.uploadPicture(ada.sid, picture)).statusCode).toBe(200);
    expect((await bed.uploadResume(ada.sid, tinyPdf())).statusCode).toBe(200);
    const job = await bed.call('POST', '/api/jobs', grace.sid, jobForm);
    const applied = await bed.call('POST', `/api/jobs/${job.json().data._id}/apply`, ada.sid, {
      coverLetter: 'Hello',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const kept = await bed.keys();
    expect(kept.filter((key) => key.startsWith('resumes/'))).toHaveLength(2);
    expect(kept.filter((key) => key.startsWith('pictures/'))).toHaveLength(2);

    // Orphans, as a crash between storing and committing leaves them; and keys outside the layout.
    const orphanPicture = randomUUID();
    const orphanResume = randomUUID();
    const orphans = [
      storageKeys.picture(orphanPicture, 'large'),
      storageKeys.picture(orphanPicture, 'avatar'),
      storageKeys.resume(orphanResume),
    ];
    const strangers = ['resumes/not-an-id.pdf', `other/${randomUUID()}.pdf`];
    for (const key of [...orphans, ...strangers]) {
      await bed.storage.putBuffer(key, Buffer.from('left behind'), 'application/octet-stream');
    }

    // Nothing is an hour old yet: nothing goes.
    expect(await sweep(new Date())).toEqual([]);
    expect(await bed.keys()).toEqual([...kept, ...orphans, ...strangers].sort());

    // Two hours on, the orphans go and everything named stays.
    const removed = await sweep(new Date(Date.now() + 2 * HOUR));
    expect(removed.sort()).toEqual([...orphans].sort());
    expect(await bed.keys()).toEqual([...kept, ...strangers].sort());

    // Once Ada removes her resume, the copy her application keeps is still named, and stays.
    expect((await bed.call('DELETE', '/api/users/resume', ada.sid)).statusCode).toBe(200);
    expect((await bed.keys('resumes/')).filter((key) => key !== 'resumes/not-an-id.pdf')).toHaveLength(1);
    expect(await sweep(new Date(Date.now() + 2 * HOUR))).toEqual([]);
  });
});
