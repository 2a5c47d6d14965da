import type { Pool, Redis } from '@careers/service-kit';
import type { FastifyInstance } from 'fastify';
import type { PostQueries } from '../projectors/posts/queries.ts';

export interface QueryRouteDeps {
  app: FastifyInstance;
  pool: Pool;
  redis: Redis;
  /** Quoted read schema. */
  schema: string;
  posts: PostQueries;
}
