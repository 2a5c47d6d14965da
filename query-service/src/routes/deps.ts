import type { Pool, Redis } from '@careers/service-kit';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import type { ApplicationQueries } from '../projectors/applications/queries.ts';
import type { JobQueries } from '../projectors/jobs/queries.ts';
import type { MessagingQueries } from '../projectors/messaging/queries.ts';
import type { PeopleQueries } from '../projectors/people/queries.ts';
import type { PostQueries } from '../projectors/posts/queries.ts';
import type { SavedJobQueries } from '../projectors/saved-jobs/queries.ts';
import type { TagFollowQueries } from '../projectors/tag-follows/queries.ts';

export interface QueryRouteDeps {
  app: FastifyInstance;
  pool: Pool;
  redis: Redis;
  /** Quoted read schema. */
  schema: string;
  /** Uploaded files, read only: the command-service writes them. */
  storage: ObjectStorage;
  posts: PostQueries;
  jobs: JobQueries;
  applications: ApplicationQueries;
  people: PeopleQueries;
  savedJobs: SavedJobQueries;
  tagFollows: TagFollowQueries;
  messaging: MessagingQueries;
}
