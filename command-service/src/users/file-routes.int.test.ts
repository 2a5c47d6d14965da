import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, parseConsistencyTokens } from '@careers/contracts/consistency';
import { MEGABYTE } from '@careers/contracts/constants';
import { ProfilePicture, ResumeFile } from '@careers/contracts/entities/uploaded-files';
import { authMessages, profileMessages } from '@careers/contracts/messages';
import { createSession, SESSION_COOKIE } from '@careers/service-kit';
import { storageKeys } from '@careers/service-kit/object-storage';
import { testNamespace } from '@careers/service-kit/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../testing.ts';
import {
  elfExecutable,
  multipartBody,
  notPictures,
  pdfOfSize,
  phonePhoto,
  pixelBomb,
  png,
  tinyPdf,
  uploadTestbed,
} from '../uploads/testing.ts';

const bed = uploadTestbed(testNamespace('user-file-routes'));

/** The first bytes of a real PNG: what a damaged or disguised file would start with. */
const pngStart = (await png(10, 10)).subarray(0, 33);

const pictureIdOf = (picture: ProfilePicture) => picture.url.split('/').at(-2) as string;
const resumeIdOf = (resume: ResumeFile) => resume.url.split('/').at(-1) as string;

async function withPicture() {
  const ada = await bed.signUp();
  const response = await bed.uploadPicture(ada.sid, await png());
  expect(response.statusCode, response.body).toBe(200);
  return { ada, picture: ProfilePicture.parse(response.json().profilePicture) };
}

async function withResume(content = tinyPdf(), filename = 'cv.pdf') {
  const ada = await bed.signUp();
  const response = await bed.uploadResume(ada.sid, content, filename);
  expect(response.statusCode, response.body).toBe(200);
  return { ada, resume: ResumeFile.parse(response.json().resume) };
}

describe('POST /api/users/profile-picture', () => {
  it('stores the picture re-encoded as WebP in two sizes and records it by id', async () => {
    const ada = await bed.signUp();
    const response = await bed.uploadPicture(ada.sid, await png(1200, 900));
    expect(response.statusCode, response.body).toBe(200);
    const picture = ProfilePicture.parse(response.json().profilePicture);
    const pictureId = pictureIdOf(picture);
    expect(picture).toEqual({
      url: `/api/files/pictures/${pictureId}/large`,
      avatarUrl: `/api/files/pictures/${pictureId}/avatar`,
    });
    expect(await bed.keys(`pictures/${pictureId}/`)).toEqual([
      storageKeys.picture(pictureId, 'avatar'),
      storageKeys.picture(pictureId, 'large'),
    ]);
    const large = await bed.read(storageKeys.picture(pictureId, 'large'));
    expect(await sharp(large).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const avatar = await bed.read(storageKeys.picture(pictureId, 'avatar'));
    expect(await sharp(avatar).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });

    const events = await bed.eventsOf(ada.id);
    expect(events.at(-1)).toEqual({
      type: 'ProfilePictureUploaded',
      data: { userId: ada.id, pictureId, size: large.length, uploadedAt: expect.any(String) },
    });
    expect(parseConsistencyTokens(String(response.headers[CONSISTENCY_HEADER]))).toEqual([
      { streamId: ada.id, streamVersion: events.length, signature: expect.any(String) },
    ]);
    expect(await bed.query('SELECT picture_id FROM {schema}.users WHERE id = $1', [ada.id])).toEqual([
      { picture_id: pictureId },
    ]);
  });

  it('keeps no metadata: a phone photo loses its GPS position and camera, and is turned upright', async () => {
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString('latin1')).toContain('Careers Test Camera');
    expect(original.orientation).toBe(6);

    const ada = await bed.signUp();
    // Named and typed as something else: only the bytes decide.
    const response = await bed.uploadPicture(ada.sid, photo, 'holiday.gif', 'image/gif');
    expect(response.statusCode, response.body).toBe(200);
    const pictureId = pictureIdOf(response.json().profilePicture);
    for (const size of ['large', 'avatar'] as const) {
      const stored = await bed.read(storageKeys.picture(pictureId, size));
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('Careers Test Camera');
    }
    // 300 x 150 turned a quarter: upright it is 150 wide and 300 high.
    const large = await sharp(await bed.read(storageKeys.picture(pictureId, 'large'))).metadata();
    expect({ width: large.width, height: large.height }).toEqual({ width: 150, height: 300 });
  });

  it('takes GIF and WebP too', async () => {
    const ada = await bed.signUp();
    for (const image of [
      await sharp(await png(64, 64))
        .gif()
        .toBuffer(),
      await sharp(await png(64, 64))
        .webp()
        .toBuffer(),
    ]) {
      const response = await bed.uploadPicture(ada.sid, image, 'x.png', 'image/png');
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('removes the replaced picture after the commit, and keeps the new one', async () => {
    const { ada, picture: first } = await withPicture();
    const response = await bed.uploadPicture(ada.sid, await png(400, 400));
    expect(response.statusCode, response.body).toBe(200);
    const second = pictureIdOf(response.json().profilePicture);
    expect(await bed.keys(`pictures/${pictureIdOf(first)}/`)).toEqual([]);
    expect(await bed.keys(`pictures/${second}/`)).toHaveLength(2);
  });

  it.each([
    ...notPictures('me.png', {
      notImage: profileMessages.pictureNotImage,
      unsupported: profileMessages.pictureTypeNotSupported,
    }),
    [
      'a PNG header over garbage',
      Buffer.concat([pngStart, Buffer.alloc(5000, 7)]),
      profileMessages.pictureNotImage,
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, content, message) => {
    const ada = await bed.signUp();
    const before = await bed.keys('pictures/');
    const response = await bed.uploadPicture(ada.sid, content, 'me.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await bed.keys('pictures/')).toEqual(before);
    expect((await bed.eventsOf(ada.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('cuts off a picture over 5 MB with 413 and stores nothing', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('pictures/');
    const huge = Buffer.concat([pngStart, Buffer.alloc(5 * MEGABYTE, 1)]);
    const response = await bed.uploadPicture(ada.sid, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'File size too large. Maximum size: 5MB' });
    expect(await bed.keys('pictures/')).toEqual(before);
  });

  it('refuses a canvas past the pixel limit (a small file that would decode huge) with 413', async () => {
    const ada = await bed.signUp();
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(1024);
    const response = await bed.uploadPicture(ada.sid, bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: profileMessages.fileTooLarge(5 * MEGABYTE) });
  });

  it('refuses a picture whose body is cut off with 400 and stores nothing', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('pictures/');
    const response = await bed.upload(
      '/api/users/profile-picture',
      ada.sid,
      { field: 'profilePicture', filename: 'me.png', contentType: 'image/png', content: await png(600, 600) },
      { cut: 300 },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: profileMessages.uploadFailed('profilePicture') });
    expect(await bed.keys('pictures/')).toEqual(before);
    expect((await bed.eventsOf(ada.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('removes what it stored when the command then fails (no account behind the session)', async () => {
    const sid = await createSession(bed.running().deps.redis, randomUUID(), 60);
    const before = await bed.keys('pictures/');
    const response = await bed.uploadPicture(sid, await png(200, 200));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
    expect(await bed.keys('pictures/')).toEqual(before);
  });
});

describe('POST /api/users/resume', () => {
  it('stores the PDF as sent, under a server id, with a safe name, and records it', async () => {
    const pdf = tinyPdf();
    const { ada, resume } = await withResume(pdf, '../Ada Lovelace CV (final).pdf');
    const resumeId = resumeIdOf(resume);
    expect(resume).toEqual({
      filename: 'Ada-Lovelace-CV-final.pdf',
      url: `/api/files/resumes/${resumeId}`,
      size: pdf.length,
      uploadedAt: expect.any(String),
    });
    expect((await bed.read(storageKeys.resume(resumeId))).equals(pdf)).toBe(true);
    expect(await bed.storage.stat(storageKeys.resume(resumeId))).toMatchObject({
      contentType: 'application/pdf',
    });
    expect((await bed.eventsOf(ada.id)).at(-1)).toEqual({
      type: 'ResumeUploaded',
      data: {
        userId: ada.id,
        resumeId,
        filename: 'Ada-Lovelace-CV-final.pdf',
        size: pdf.length,
        uploadedAt: resume.uploadedAt,
      },
    });
  });

  it('takes a PDF of exactly 10 MB', async () => {
    const { resume } = await withResume(pdfOfSize(10 * MEGABYTE));
    expect(resume.size).toBe(10 * MEGABYTE);
    expect((await bed.storage.stat(storageKeys.resume(resumeIdOf(resume))))?.size).toBe(10 * MEGABYTE);
  });

  it('refuses a renamed executable (cv.pdf, application/pdf) with 400 and stores nothing', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('resumes/');
    const response = await bed.uploadResume(ada.sid, elfExecutable, 'cv.pdf', 'application/pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: profileMessages.resumeNotPdf });
    expect(await bed.keys('resumes/')).toEqual(before);
  });

  it('refuses an image as a resume', async () => {
    const ada = await bed.signUp();
    const response = await bed.uploadResume(ada.sid, await png(20, 20), 'cv.pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: profileMessages.resumeNotPdf });
  });

  it('cuts off a 12 MB PDF with 413 and leaves no object', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('resumes/');
    const response = await bed.uploadResume(ada.sid, pdfOfSize(12 * MEGABYTE));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'File size too large. Maximum size: 10MB' });
    expect(await bed.keys('resumes/')).toEqual(before);
    expect((await bed.eventsOf(ada.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('refuses a body cut off mid-file with 400 and leaves no object', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('resumes/');
    for (const [pdf, cut] of [
      [tinyPdf(), 200],
      // Past a whole 5 MiB part already stored when the body ends.
      [pdfOfSize(7 * MEGABYTE), MEGABYTE],
    ] as const) {
      const response = await bed.upload(
        '/api/users/resume',
        ada.sid,
        { field: 'resume', filename: 'cv.pdf', contentType: 'application/pdf', content: pdf },
        { cut },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: profileMessages.uploadFailed('resume') });
    }
    expect(await bed.keys('resumes/')).toEqual(before);
    expect((await bed.eventsOf(ada.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('removes the replaced resume after the commit', async () => {
    const { ada, resume: first } = await withResume();
    const response = await bed.uploadResume(ada.sid, tinyPdf('second'), 'new.pdf');
    expect(response.statusCode, response.body).toBe(200);
    const second = resumeIdOf(response.json().resume);
    expect(await bed.storage.stat(storageKeys.resume(resumeIdOf(first)))).toBeNull();
    expect(await bed.storage.stat(storageKeys.resume(second))).not.toBeNull();
  });
});

describe('an upload sent again with its Idempotency-Key', () => {
  it('answers the first upload again, records one upload and keeps no second copy', async () => {
    const ada = await bed.signUp();
    const part = {
      field: 'resume',
      filename: 'cv.pdf',
      contentType: 'application/pdf',
      content: tinyPdf('once'),
    };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await bed.upload('/api/users/resume', ada.sid, part, { headers });
    expect(first.statusCode, first.body).toBe(200);
    const stored = await bed.keys(storageKeys.resumesPrefix);
    const again = await bed.upload('/api/users/resume', ada.sid, part, { headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const uploads = (await bed.eventsOf(ada.id)).filter((event) => event.type === 'ResumeUploaded');
    expect(uploads).toHaveLength(1);
    expect(await bed.keys(storageKeys.resumesPrefix)).toEqual(stored);
  });
});

describe('what is not a file upload', () => {
  const part = (content: Buffer, field = 'resume') => ({
    field,
    filename: 'cv.pdf',
    contentType: 'application/pdf',
    content,
  });

  it.each([
    ['an empty file input', part(Buffer.alloc(0))],
    ['a file under another field name', part(tinyPdf(), 'document')],
  ])('answers %s with 400', async (_name, filePart) => {
    const ada = await bed.signUp();
    const response = await bed.upload('/api/users/resume', ada.sid, filePart);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: profileMessages.fileMissing });
  });

  it('takes the file after other fields, and only the first file of the form', async () => {
    const ada = await bed.signUp();
    const first = tinyPdf('the first file');
    const { payload, contentType } = multipartBody([part(first), part(tinyPdf('a second file'))], {
      note: 'sent by the form too',
    });
    const response = await bed.running().app.inject({
      method: 'POST',
      url: '/api/users/resume',
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie: `${SESSION_COOKIE}=${ada.sid}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const resumeId = resumeIdOf(response.json().resume);
    expect((await bed.read(storageKeys.resume(resumeId))).equals(first)).toBe(true);
    expect(await bed.keys(`resumes/`)).toContain(storageKeys.resume(resumeId));
  });

  it('answers a form with no file, or a JSON body, with 400', async () => {
    const ada = await bed.signUp();
    const json = await bed.call('POST', '/api/users/resume', ada.sid, { resume: 'cv.pdf' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: profileMessages.fileMissing });
    const { payload, contentType } = multipartBody([], { resume: 'cv.pdf' });
    const fieldsOnly = await bed.running().app.inject({
      method: 'POST',
      url: '/api/users/resume',
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie: `${SESSION_COOKIE}=${ada.sid}` },
      payload,
    });
    expect(fieldsOnly.statusCode).toBe(400);
    expect(fieldsOnly.json()).toEqual({ message: profileMessages.fileMissing });
  });

  it('answers 401 without a session and stores nothing', async () => {
    const before = await bed.keys();
    const response = await bed.uploadResume('not-a-session', tinyPdf());
    expect(response.statusCode).toBe(401);
    expect(await bed.keys()).toEqual(before);
  });
});

describe('DELETE /api/users/profile-picture and /api/users/resume', () => {
  it('removes the picture: event, row and objects; a second removal is 404', async () => {
    const { ada, picture } = await withPicture();
    const response = await bed.call('DELETE', '/api/users/profile-picture', ada.sid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Profile picture removed successfully!' });
    expect((await bed.eventsOf(ada.id)).at(-1)).toEqual({
      type: 'ProfilePictureRemoved',
      data: { userId: ada.id },
    });
    expect(await bed.keys(`pictures/${pictureIdOf(picture)}/`)).toEqual([]);
    expect(await bed.query('SELECT picture_id FROM {schema}.users WHERE id = $1', [ada.id])).toEqual([
      { picture_id: null },
    ]);

    const again = await bed.call('DELETE', '/api/users/profile-picture', ada.sid);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'There is no profile picture to remove' });
  });

  it('removes the resume; a second removal is 404', async () => {
    const { ada, resume } = await withResume();
    const response = await bed.call('DELETE', '/api/users/resume', ada.sid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Resume removed successfully!' });
    expect(await bed.storage.stat(storageKeys.resume(resumeIdOf(resume)))).toBeNull();
    const again = await bed.call('DELETE', '/api/users/resume', ada.sid);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'There is no resume to remove' });
  });
});

describe('readiness', () => {
  it('reports the bucket in /readyz', async () => {
    const response = await bed.running().app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().checks).toMatchObject({ objectStorage: 'ok' });
  });
});
