import { uploadLimits } from '@careers/contracts/constants';
import { routes } from '@careers/contracts/routes';
import {
  type CommandServiceConfig,
  ConsistencyTokenSigner,
  checkResponses,
  consistencyTokenSecret,
  createHttpServer,
  edgeSecret,
  type Logger,
  type PersonalDataVault,
  type Pool,
  personalDataSecret,
  type Redis,
  registerHealth,
} from '@careers/service-kit';
import { type Kafka, pingKafka } from '@careers/service-kit/kafka';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerExportRoute } from './account/export-routes.ts';
import { registerAccountRoutes } from './account/routes.ts';
import { ResumeUploadStore } from './applications/resume-upload-store.ts';
import { registerApplicationRoutes } from './applications/routes.ts';
import { ApplicationStore } from './applications/store.ts';
import { registerConnectionRoutes } from './connections/routes.ts';
import { ConnectionStore } from './connections/store.ts';
import { registerConversationRoutes } from './conversations/routes.ts';
import { BlockStore, ConversationStore } from './conversations/store.ts';
import type { EventStore } from './event-log/event-store.ts';
import type { OutboxRelay } from './event-log/outbox-relay.ts';
import { registerFollowedTagRoutes } from './followed-tags/routes.ts';
import { FollowedTagStore } from './followed-tags/store.ts';
import { registerJobRoutes } from './jobs/routes.ts';
import { JobStore } from './jobs/store.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerPostImageRoutes } from './posts/image-routes.ts';
import { PostImageStore } from './posts/image-store.ts';
import { registerPostRoutes } from './posts/routes.ts';
import { PostStore } from './posts/store.ts';
import { registerSavedJobRoutes } from './saved-jobs/routes.ts';
import { SavedJobStore } from './saved-jobs/store.ts';
import { registerCommandRateLimits } from './security/rate-limits.ts';
import { registerUserFileRoutes } from './users/file-routes.ts';
import { LoginThrottle } from './users/login-throttle.ts';
import { limitPasswordHashing } from './users/passwords.ts';
import { registerProfileRoutes } from './users/profile-routes.ts';
import { registerUserRoutes } from './users/routes.ts';
import { UserStore } from './users/store.ts';
import { registerUnsubscribeRoutes } from './users/unsubscribe-routes.ts';

export interface CommandServiceDeps {
  config: CommandServiceConfig;
  log: Logger;
  pool: Pool;
  redis: Redis;
  kafka: Kafka;
  store: EventStore;
  relay: OutboxRelay;
  storage: ObjectStorage;
  /** Person keys: seals personal fields (through the store) and destroys a key on account deletion. */
  vault: PersonalDataVault;
}

/** The composition root's HTTP half: every command route is registered here, explicitly. */
export async function buildCommandApp(deps: CommandServiceDeps): Promise<FastifyInstance> {
  const app = await createHttpServer({
    serviceName: 'command-service',
    logger: deps.log,
    allowedOrigins: deps.config.ALLOWED_ORIGINS,
    trustedProxies: deps.config.TRUSTED_PROXIES,
    edgeSecret: edgeSecret(deps.config),
    consistencyTokens: new ConsistencyTokenSigner(consistencyTokenSecret(deps.config)),
  });
  if (deps.config.CHECK_RESPONSES) checkResponses(app, routes);
  // Before any route: each command route is held to its class's per-user limit as it is registered.
  await registerCommandRateLimits(app, deps.redis, deps.config.RATE_LIMIT_FACTOR);
  registerHealth(
    app,
    {
      postgres: () => deps.pool.query('SELECT 1'),
      redis: () => deps.redis.ping(),
      kafka: () => pingKafka(deps.kafka),
      objectStorage: () => deps.storage.ping(),
    },
    {
      // Which copy publishes the outbox (one at a time, behind an advisory lock); the others stand by.
      relay: async () => (deps.relay.isActive ? 'publishing' : 'standby'),
    },
  );
  // Uploads are read part by part by their routes (`uploads/receive-file.ts`), which set each one's
  // own limit; this is the ceiling for any multipart request.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: Math.max(...Object.values(uploadLimits).map((limit) => limit.maxBytes)),
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
    },
  });

  const { config } = deps;
  limitPasswordHashing({ concurrency: config.PASSWORD_HASH_CONCURRENCY, queue: config.PASSWORD_HASH_QUEUE });
  const users = new UserStore(config.DB_SCHEMA);
  // One throttle for every password check (sign-in, password change, account deletion).
  const throttle = new LoginThrottle(deps.redis, {
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
    maxRegistrationsPerIp: config.REGISTER_MAX_PER_IP,
    windowSeconds: config.LOGIN_THROTTLE_WINDOW_SECONDS,
    secret: personalDataSecret(config),
  });
  registerUserRoutes({ app, config, pool: deps.pool, redis: deps.redis, store: deps.store, users, throttle });
  registerProfileRoutes({
    app,
    redis: deps.redis,
    store: deps.store,
    users,
    pool: deps.pool,
    passwordLogN: config.PASSWORD_SCRYPT_LOG_N,
  });
  registerUserFileRoutes({ app, redis: deps.redis, store: deps.store, users, storage: deps.storage });
  const postImages = new PostImageStore(config.DB_SCHEMA);
  registerPostRoutes({
    app,
    pool: deps.pool,
    redis: deps.redis,
    store: deps.store,
    posts: new PostStore(config.DB_SCHEMA),
    users,
    images: postImages,
    storage: deps.storage,
  });
  registerPostImageRoutes({
    app,
    redis: deps.redis,
    store: deps.store,
    images: postImages,
    storage: deps.storage,
  });
  const jobs = new JobStore(config.DB_SCHEMA);
  const applications = new ApplicationStore(config.DB_SCHEMA);
  registerJobRoutes({
    app,
    pool: deps.pool,
    redis: deps.redis,
    store: deps.store,
    jobs,
    applications,
    users,
  });
  const savedJobs = new SavedJobStore(config.DB_SCHEMA);
  registerSavedJobRoutes({ app, redis: deps.redis, store: deps.store, users, jobs, savedJobs });
  const followedTags = new FollowedTagStore(config.DB_SCHEMA);
  registerFollowedTagRoutes({ app, redis: deps.redis, store: deps.store, users, followedTags });
  registerApplicationRoutes({
    app,
    redis: deps.redis,
    store: deps.store,
    applications,
    resumeUploads: new ResumeUploadStore(config.DB_SCHEMA),
    jobs,
    users,
    pool: deps.pool,
    storage: deps.storage,
  });
  registerConnectionRoutes({
    app,
    redis: deps.redis,
    store: deps.store,
    connections: new ConnectionStore(config.DB_SCHEMA),
    users,
  });
  const blocks = new BlockStore(config.DB_SCHEMA);
  registerConversationRoutes({
    app,
    redis: deps.redis,
    store: deps.store,
    conversations: new ConversationStore(config.DB_SCHEMA),
    blocks,
    users,
    connections: new ConnectionStore(config.DB_SCHEMA),
    applications,
    jobs,
  });
  registerNotificationRoutes({ app, redis: deps.redis, store: deps.store, users });
  registerUnsubscribeRoutes({ app, config, redis: deps.redis, store: deps.store, users });
  registerExportRoute({ ...deps, app, schema: config.DB_SCHEMA });
  registerAccountRoutes({
    ...deps,
    app,
    throttle,
    users,
    jobs,
    savedJobs,
    followedTags,
    postImages,
    posts: new PostStore(config.DB_SCHEMA),
    connections: new ConnectionStore(config.DB_SCHEMA),
    applications,
    blocks,
  });
  return app;
}
