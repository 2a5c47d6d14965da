import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ident, SESSION_COOKIE } from '@careers/service-kit';
import type { TestNamespace } from '@careers/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { openedLogRows } from '../event-log/testing.ts';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { sendCommand, sessionCookieOf, TEST_ORIGIN } from '../testing.ts';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser sends it, built by hand so a test can also cut it short. */
export function multipartBody(parts: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----careers${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small, valid, one-page PDF, written out by hand. */
export function tinyPdf(text = 'Ada Lovelace, analyst'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 720 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 720 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF of exactly `bytes` bytes: a real one, padded with a comment before its end. */
export function pdfOfSize(bytes: number): Buffer {
  const pdf = tinyPdf();
  const padding = Buffer.alloc(bytes - pdf.length, 0x25); // '%' lines are comments
  return Buffer.concat([pdf.subarray(0, 9), padding, pdf.subarray(9)]);
}

/** The start of an x86-64 ELF executable: what a renamed program begins with. */
export const elfExecutable = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  randomBytes(4096),
]);

/** A 1200 x 900 PNG (or the size asked for), one colour. */
export const png = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/**
 * A real PNG whose header claims 10,000 x 10,000 pixels: a few hundred bytes that would decode to
 * 400 MB. A decoder reads the claim before any pixel, so a picture route can refuse it unread.
 */
export async function pixelBomb(): Promise<Buffer> {
  const bomb = Buffer.from(await png(10, 10));
  bomb.writeUInt32BE(10_000, 16);
  bomb.writeUInt32BE(10_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/**
 * Files a picture route must refuse, named as a person might have named them (`fileName`), each with
 * the refusal it gets: no picture at all (`notImage`) or a picture of a kind not kept (`unsupported`).
 */
export function notPictures(
  fileName: string,
  messages: { notImage: string; unsupported: string },
): [name: string, content: Buffer, message: string][] {
  return [
    [`text named ${fileName}`, Buffer.from('just some words, not a picture at all'), messages.notImage],
    ['a PDF', tinyPdf(), messages.notImage],
    ['an executable', elfExecutable, messages.notImage],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      messages.unsupported,
    ],
  ];
}

/** A JPEG as a phone writes it: GPS position, camera make, and an orientation tag (turn 90°). */
export const phonePhoto = () =>
  sharp({ create: { width: 300, height: 150, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Careers Test Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2616/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3990/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/**
 * The command-service of one upload test file, on a bucket of its own (so its sweeps and listings meet
 * no other file's objects): started before the file, closed and emptied after it.
 */
export function uploadTestbed(ns: TestNamespace) {
  const bucket = `t-${ns.id.replaceAll('_', '-')}`;
  let command: RunningCommandService | undefined;
  beforeAll(async () => {
    command = await startCommandService({ ...ns.commandEnv, S3_BUCKET: bucket }, { listen: false });
  });
  afterAll(async () => {
    if (command) {
      const { storage } = command.deps;
      const keys: string[] = [];
      for await (const object of storage.list('')) keys.push(object.key);
      await storage.remove(keys);
      await storage.client.removeBucket(storage.bucket);
      await command.close();
    }
    await ns.cleanup();
  });
  const running = () => {
    if (!command) throw new Error('the command-service starts in beforeAll');
    return command;
  };
  let seq = 0;

  const testbed = {
    running,
    get storage() {
      return running().deps.storage;
    },
    call: (method: 'POST' | 'PUT' | 'DELETE', url: string, sid?: string, body?: unknown) =>
      sendCommand(running().app, { method, url, sid, body }),
    /** A new account through the register route: its session, id and email. */
    async signUp(firstName = 'Ada') {
      const email = `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`;
      const response = await testbed.call('POST', '/api/auth/register', undefined, {
        firstName,
        lastName: 'Lovelace',
        email,
        password: 'engine-1843',
        accountType: 'job_seeker',
      });
      expect(response.statusCode, response.body).toBe(201);
      return {
        sid: sessionCookieOf(response)?.value as string,
        id: response.json().user._id as string,
        email,
      };
    },
    /** A multipart upload as the browser sends it; `cut` drops that many bytes off the body's end. */
    upload(
      url: string,
      sid: string,
      part: FilePart,
      options: { cut?: number; fields?: Record<string, string>; headers?: Record<string, string> } = {},
    ): Promise<LightMyRequestResponse> {
      const { payload, contentType } = multipartBody([part], options.fields);
      const body = options.cut ? payload.subarray(0, payload.length - options.cut) : payload;
      return running().app.inject({
        method: 'POST',
        url,
        headers: {
          origin: TEST_ORIGIN,
          'content-type': contentType,
          cookie: `${SESSION_COOKIE}=${sid}`,
          ...options.headers,
        },
        payload: body,
      });
    },
    uploadPicture: (sid: string, content: Buffer, filename = 'me.png', contentType = 'image/png') =>
      testbed.upload('/api/users/profile-picture', sid, {
        field: 'profilePicture',
        filename,
        contentType,
        content,
      }),
    uploadResume: (sid: string, content: Buffer, filename = 'cv.pdf', contentType = 'application/pdf') =>
      testbed.upload('/api/users/resume', sid, { field: 'resume', filename, contentType, content }),
    /** Every key in the file's bucket under the prefix, sorted. */
    async keys(prefix = ''): Promise<string[]> {
      const keys: string[] = [];
      for await (const object of running().deps.storage.list(prefix)) keys.push(object.key);
      return keys.sort();
    },
    async read(key: string): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of await running().deps.storage.get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    /** A stream's events, in order. */
    async eventsOf(streamId: string) {
      const schema = ident(running().deps.config.DB_SCHEMA);
      const rows = await openedLogRows(running().deps, `${schema}.event_log`, 'stream_id = $1', [streamId]);
      return rows.map(({ type, data }) => ({ type, data }));
    },
    /** Rows of the file's own schema: `{schema}` in the text names it. */
    async query<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
      const schema = ident(running().deps.config.DB_SCHEMA);
      const { rows } = await running().deps.pool.query<R>(text.replaceAll('{schema}', schema), values);
      return rows;
    },
  };
  return testbed;
}
