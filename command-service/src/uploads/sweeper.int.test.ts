import { randomUUID } from 'node:crypto';
import { storageKeys } from '@careers/service-kit/object-storage';
import { testNamespace } from '@careers/service-kit/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobForm } from '../jobs/testing.ts';
import { sweepOrphanedUploads, uploadSweeperDeps } from './sweeper.ts';
import { tinyPdf, uploadTestbed } from './testing.ts';

const bed = uploadTestbed(testNamespace('upload-sweeper'));

const HOUR = 60 * 60 * 1000;

function sweep(now: Date) {
  const { storage, pool, config, log } = bed.running().deps;
  return sweepOrphanedUploads(uploadSweeperDeps({ storage, pool, log }, config.DB_SCHEMA), { now });
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

  it('keeps a resume uploaded for an application for an hour, then removes it with its row', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const stage = async () => {
      const response = await bed.upload('/api/applications/resume-uploads', ada.sid, {
        field: 'resume',
        filename: 'for-grace.pdf',
        contentType: 'application/pdf',
        content: tinyPdf(),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.uploadId as string;
    };
    const waiting = await stage();
    const sent = await stage();
    const job = await bed.call('POST', '/api/jobs', grace.sid, jobForm);
    const applied = await bed.call('POST', `/api/jobs/${job.json().data._id}/apply`, ada.sid, {
      coverLetter: 'Hello',
      resume: { uploadId: sent },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const staged = () =>
      bed.query('SELECT upload_id FROM {schema}.application_resume_uploads WHERE owner_id = $1', [ada.id]);

    // Two hours on, its object is old; staged half an hour before then, it is kept (as named).
    const start = Date.now();
    await bed.query('UPDATE {schema}.application_resume_uploads SET uploaded_at = $2 WHERE upload_id = $1', [
      waiting,
      new Date(start + 1.5 * HOUR),
    ]);
    expect(await sweep(new Date(start + 2 * HOUR))).not.toContain(storageKeys.resume(waiting));
    expect(await staged()).toEqual([{ upload_id: waiting }]);
    expect(await bed.storage.stat(storageKeys.resume(waiting))).not.toBeNull();

    // An hour and a half after it was staged, not taken: the row and the object go. The one sent
    // stays with its application.
    const removed = await sweep(new Date(start + 3 * HOUR));
    expect(removed).toContain(storageKeys.resume(waiting));
    expect(removed).not.toContain(storageKeys.resume(sent));
    expect(await staged()).toEqual([]);
    expect(await bed.storage.stat(storageKeys.resume(waiting))).toBeNull();
    expect(await bed.storage.stat(storageKeys.resume(sent))).not.toBeNull();
  });
});
