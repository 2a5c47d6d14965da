import { routes } from '@careers/contracts/routes';
import {
  ConsistencyTokenSigner,
  checkResponses,
  consistencyTokenSecret,
  createHttpServer,
  edgeSecret,
  ident,
  type Logger,
  type Pool,
  type QueryServiceConfig,
  type Redis,
  registerHealth,
} from '@careers/service-kit';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import { CheckpointSignal } from './checkpoint-signal.ts';
import { registerConsistencyWait } from './consistency.ts';
import { ApplicationQueries } from './projectors/applications/queries.ts';
import { JobQueries } from './projectors/jobs/queries.ts';
import { MessagingQueries } from './projectors/messaging/queries.ts';
import { PeopleQueries } from './projectors/people/queries.ts';
import { PostQueries } from './projectors/posts/queries.ts';
import { SavedJobQueries } from './projectors/saved-jobs/queries.ts';
import { TagFollowQueries } from './projectors/tag-follows/queries.ts';
import { registerApiDocs } from './routes/api-docs.ts';
import { registerConnectionQueries } from './routes/connections.ts';
import { registerDashboardQueries } from './routes/dashboard.ts';
import { registerFileRoutes } from './routes/files.ts';
import { registerGetMe } from './routes/get-me.ts';
import { registerGetResume } from './routes/get-resume.ts';
import { registerJobQueries } from './routes/jobs.ts';
import { registerMessagingQueries } from './routes/messaging.ts';
import { registerNotificationQueries } from './routes/notifications.ts';
import { registerPeopleQueries } from './routes/people.ts';
import { registerPostQueries } from './routes/posts.ts';
import { registerSearchQueries } from './routes/search.ts';
import { registerTagQueries } from './routes/tags.ts';
import type { SearchEngine } from './search-engine.ts';

export interface QueryServiceDeps {
  config: QueryServiceConfig;
  log: Logger;
  pool: Pool;
  redis: Redis;
  storage: ObjectStorage;
  /** The search engine holding the jobs index (SEARCH_ENGINE_URL's when not given). */
  search?: SearchEngine;
}

/** The query API: read models only, every route registered here explicitly. */
export async function buildQueryApp(deps: QueryServiceDeps): Promise<FastifyInstance> {
  const app = await createHttpServer({
    serviceName: 'query-service',
    logger: deps.log,
    allowedOrigins: deps.config.ALLOWED_ORIGINS,
    trustedProxies: deps.config.TRUSTED_PROXIES,
    edgeSecret: edgeSecret(deps.config),
  });
  if (deps.config.CHECK_RESPONSES) checkResponses(app, routes);
  registerHealth(app, {
    postgres: () => deps.pool.query('SELECT 1'),
    redis: () => deps.redis.ping(),
    objectStorage: () => deps.storage.ping(),
  });

  // Read-your-writes: a request that carries the token of a write issued to its viewer waits until it
  // is projected, woken by the projector's commits (checkpoint-signal.ts).
  const signal = new CheckpointSignal({
    databaseUrl: deps.config.DATABASE_URL,
    schema: deps.config.DB_SCHEMA,
    log: deps.log,
  });
  signal.start();
  app.addHook('onClose', () => signal.stop());
  registerConsistencyWait(app, {
    pool: deps.pool,
    redis: deps.redis,
    schema: deps.config.DB_SCHEMA,
    signer: new ConsistencyTokenSigner(consistencyTokenSecret(deps.config)),
    signal,
  });

  const schema = ident(deps.config.DB_SCHEMA);
  const routeDeps = {
    app,
    pool: deps.pool,
    redis: deps.redis,
    schema,
    storage: deps.storage,
    posts: new PostQueries(deps.pool, deps.redis, schema),
    jobs: new JobQueries(deps.pool, schema, { search: deps.search }),
    people: new PeopleQueries(deps.pool, schema, { search: deps.search }),
    applications: new ApplicationQueries(deps.pool, schema),
    savedJobs: new SavedJobQueries(deps.pool, schema),
    tagFollows: new TagFollowQueries(deps.pool, schema),
    messaging: new MessagingQueries(deps.pool, schema),
  };
  registerApiDocs(app);
  registerGetMe(routeDeps);
  registerGetResume(routeDeps);
  registerFileRoutes(routeDeps);
  registerPostQueries(routeDeps);
  registerJobQueries(routeDeps);
  registerConnectionQueries(routeDeps);
  registerDashboardQueries(routeDeps);
  registerNotificationQueries(routeDeps);
  registerPeopleQueries(routeDeps);
  registerSearchQueries(routeDeps);
  registerTagQueries(routeDeps);
  registerMessagingQueries(routeDeps);
  return app;
}
