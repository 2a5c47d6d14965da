import type { Pool, Redis } from '@careers/service-kit';
import type { FastifyInstance } from 'fastify';

export interface QueryRouteDeps {
  app: FastifyInstance;
  pool: Pool;
  redis: Redis;
  /** Quoted read schema. */
  schema: string;
}
