import { randomUUID } from 'node:crypto';
import { createLogger } from '@careers/service-kit';
import { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQueryApp } from '../server.ts';
import type { FilesBed } from './files-testing.ts';
import { queryAppTestbed } from './testing.ts';

/** The query app's readiness with and without its object storage bucket. */

let bed: FilesBed;
let app: FastifyInstance;

beforeAll(async () => {
  bed = await queryAppTestbed('file-readiness');
  ({ app } = bed);
  await bed.storage.ensureBucket();
});
afterAll(async () => {
  await bed?.close();
});

describe('readiness', () => {
  it('checks the bucket: ready while it exists, 503 naming object storage when it does not', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.objectStorage).toBe('ok');

    const missing = await buildQueryApp({
      config: bed.config,
      log: createLogger('test', 'silent'),
      pool: bed.pool,
      redis: bed.redis,
      storage: new ObjectStorage({ ...bed.config, S3_BUCKET: `missing-${randomUUID()}` }),
    });
    try {
      const response = await missing.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.objectStorage).toMatch(/^failing: /);
    } finally {
      await missing.close();
    }
  });
});
