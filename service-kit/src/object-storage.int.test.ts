import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandServiceEnv, loadConfig } from './config.ts';
import { fileOfKey, ObjectStorage, storageKeys, UPLOAD_PART_BYTES } from './object-storage.ts';

// A bucket of its own, so this file's objects meet no other test's.
const bucket = `t-object-storage-${randomBytes(4).toString('hex')}`;
const storage = new ObjectStorage(loadConfig(commandServiceEnv, { ...process.env, S3_BUCKET: bucket }));

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* chunksOf(total: number, chunkBytes: number, failAfter?: number) {
  let sent = 0;
  while (sent < total) {
    if (failAfter !== undefined && sent >= failAfter) throw new Error('the request was cut off');
    const size = Math.min(chunkBytes, total - sent);
    yield Buffer.alloc(size, sent % 251);
    sent += size;
  }
}

beforeAll(async () => {
  await storage.ensureBucket();
  // A second call finds it there.
  await storage.ensureBucket();
});
afterAll(async () => {
  await storage.remove(await keysUnder(''));
  await storage.client.removeBucket(bucket);
});

describe('storageKeys', () => {
  it('derives every key from the server id alone, and reads the id back', () => {
    const id = randomUUID();
    expect(storageKeys.picture(id, 'large')).toBe(`pictures/${id}/large.webp`);
    expect(storageKeys.picture(id, 'avatar')).toBe(`pictures/${id}/avatar.webp`);
    expect(storageKeys.resume(id)).toBe(`resumes/${id}.pdf`);
    expect(fileOfKey(storageKeys.picture(id, 'avatar'))).toEqual({ kind: 'picture', id });
    expect(fileOfKey(storageKeys.resume(id))).toEqual({ kind: 'resume', id });
    expect(storageKeys.postImage(id, 'small')).toBe(`post-images/${id}/small.webp`);
    expect(storageKeys.postImage(id, 'large')).toBe(`post-images/${id}/large.webp`);
    expect(fileOfKey(storageKeys.postImage(id, 'small'))).toEqual({ kind: 'postImage', id });
    expect(fileOfKey(storageKeys.postImage(id, 'large'))).toEqual({ kind: 'postImage', id });
    for (const stranger of [
      'resumes/cv.pdf',
      `post-images/${id}/avatar.webp`,
      `post-images/${id}/large.png`,
      `post-images/${id}.webp`,
      `pictures/${id}/small.webp`,
      `resumes/${id}.exe`,
      `pictures/${id}/huge.webp`,
      `pictures/${id}`,
      `other/${id}.pdf`,
    ]) {
      expect(fileOfKey(stranger)).toBeNull();
    }
  });
});

describe('ObjectStorage against the local MinIO', () => {
  it('answers ping for its bucket', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const missing = new ObjectStorage(
      loadConfig(commandServiceEnv, {
        ...process.env,
        S3_BUCKET: `t-missing-${randomBytes(4).toString('hex')}`,
      }),
    );
    await expect(missing.ping()).rejects.toThrow(/missing/);
  });

  it('streams a file larger than one part into one object, byte for byte', async () => {
    const key = storageKeys.resume(randomUUID());
    const total = 2 * UPLOAD_PART_BYTES + 12345;
    const bytes = await storage.putStream(key, chunksOf(total, 64 * 1024), 'application/pdf');
    expect(bytes).toBe(total);
    expect(await storage.stat(key)).toMatchObject({ size: total, contentType: 'application/pdf' });
    const stored = await readAll(key);
    expect(stored.equals(Buffer.concat(await collect(chunksOf(total, 64 * 1024))))).toBe(true);
  });

  it('leaves no object when the stream fails, early or after whole parts went up', async () => {
    for (const failAfter of [0, 100_000, UPLOAD_PART_BYTES + 1]) {
      const key = storageKeys.resume(randomUUID());
      await expect(
        storage.putStream(key, chunksOf(3 * UPLOAD_PART_BYTES, 64 * 1024, failAfter), 'application/pdf'),
      ).rejects.toThrow('the request was cut off');
      expect(await storage.stat(key)).toBeNull();
    }
  });

  it('copies on the server, and removes keys whether or not they exist', async () => {
    const from = storageKeys.resume(randomUUID());
    const to = storageKeys.resume(randomUUID());
    await storage.putBuffer(from, Buffer.from('%PDF-1.4 copy me'), 'application/pdf');
    await storage.copy(from, to);
    expect((await readAll(to)).toString()).toBe('%PDF-1.4 copy me');
    await storage.remove([from, to, storageKeys.resume(randomUUID())]);
    expect(await storage.stat(from)).toBeNull();
    expect(await storage.stat(to)).toBeNull();
    await expect(storage.remove([])).resolves.toBeUndefined();
  });

  it('lists every object under a prefix with its date', async () => {
    const id = randomUUID();
    const before = Date.now() - 60_000;
    await storage.putBuffer(storageKeys.picture(id, 'large'), Buffer.from('a'), 'image/webp');
    await storage.putBuffer(storageKeys.picture(id, 'avatar'), Buffer.from('b'), 'image/webp');
    const listed = await collect(storage.list(`pictures/${id}/`));
    expect(listed.map((o) => o.key).sort()).toEqual([
      storageKeys.picture(id, 'avatar'),
      storageKeys.picture(id, 'large'),
    ]);
    for (const object of listed) expect(object.lastModified.getTime()).toBeGreaterThan(before);
  });
});
