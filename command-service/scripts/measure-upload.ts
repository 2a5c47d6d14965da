/**
 * Times one upload of a 10 MB PDF through `POST /api/users/resume` of a real command-service process
 * (started here on a free port, with its own schema, key prefix, topics and bucket), and reads that
 * process's memory from /proc: the resident size before, the peak while the upload ran (the kernel's
 * high-water mark, reset just before it), and the resident size sampled every 5 ms.
 *
 * The file is generated while it is sent, so neither side ever holds it whole unless the service does.
 *
 *   npm run -w command-service measure:upload
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { MEGABYTE } from '@careers/contracts/constants';
import { commandServiceEnv, loadConfig } from '@careers/service-kit';
import { ObjectStorage } from '@careers/service-kit/object-storage';
import { testNamespace } from '@careers/service-kit/testing';

const FILE_BYTES = 10 * MEGABYTE;
const CHUNK = 64 * 1024;
const ORIGIN = 'http://localhost:5173';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

const mib = (bytes: number) => `${(bytes / MEGABYTE).toFixed(1)} MiB`;

/** A multipart body whose one file is a PDF of `bytes` bytes, produced chunk by chunk as it is read. */
function streamedPdfForm(bytes: number) {
  const boundary = '----careers-measure';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="measure.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  let remaining = bytes - 9 - 7; // the header line and the end marker are part of the file
  let state: 'head' | 'body' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state === 'head') {
        controller.enqueue(head);
        state = 'body';
      } else if (state === 'body') {
        const size = Math.min(CHUNK, remaining);
        controller.enqueue(Buffer.alloc(size, 0x25));
        remaining -= size;
        if (remaining === 0) state = 'tail';
      } else if (state === 'tail') {
        controller.enqueue(tail);
        state = 'done';
      } else {
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const ns = testNamespace('measure-upload');
const bucket = `t-${ns.id.replaceAll('_', '-')}`;
const port = await freePort();
const env = { ...ns.commandEnv, PORT: String(port), S3_BUCKET: bucket, LOG_LEVEL: 'warn' };
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const pid = child.pid as number;
const base = `http://127.0.0.1:${port}`;

try {
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${base}/readyz`).catch(() => null);
    if (ready?.ok) break;
    if (tries > 300) throw new Error('the command-service did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada.${ns.id}@example.com`,
      password: 'engine-1843',
      accountType: 'job_seeker',
    }),
  });
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (register.status !== 201 || !cookie) throw new Error(`register answered ${register.status}`);

  const upload = async (bytes: number) => {
    const form = streamedPdfForm(bytes);
    const response = await fetch(`${base}/api/users/resume`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, 'content-type': form.contentType },
      body: form.body,
      duplex: 'half',
    } as RequestInit);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${text}`);
    return JSON.parse(text) as { resume: { size: number } };
  };

  // One small upload first, so what is loaded on first use is not counted against the measured one.
  await upload(64 * 1024);
  const before = await memory(pid);
  await writeFile(`/proc/${pid}/clear_refs`, '5'); // resets the peak (VmHWM) to the current size
  let sampledPeak = before.rss;
  const sampler = setInterval(() => {
    memory(pid).then(
      (m) => {
        sampledPeak = Math.max(sampledPeak, m.rss);
      },
      () => {},
    );
  }, 5);
  const started = performance.now();
  const { resume } = await upload(FILE_BYTES);
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const after = await memory(pid);

  console.log(`one ${mib(resume.size)} PDF through POST /api/users/resume (HTTP, streamed both ways)`);
  console.log(`  time:                         ${elapsed.toFixed(0)} ms`);
  console.log(`  command-service RSS before:    ${mib(before.rss)}`);
  console.log(`  peak RSS during the upload:    ${mib(after.peak)} (+${mib(after.peak - before.rss)})`);
  console.log(`  peak of 5 ms RSS samples:      ${mib(sampledPeak)}`);
  console.log(`  RSS after:                     ${mib(after.rss)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const storage = new ObjectStorage(loadConfig(commandServiceEnv, env));
  const keys: string[] = [];
  for await (const object of storage.list('')) keys.push(object.key);
  await storage.remove(keys).catch(() => {});
  await storage.client.removeBucket(bucket).catch(() => {});
  await ns.cleanup();
}
