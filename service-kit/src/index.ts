export * from './config.ts';
export * from './consistency-tokens.ts';
export * from './errors.ts';
export * from './group-consumer.ts';
export * from './health.ts';
export * from './http.ts';
export * from './kafka.ts';

export * from './logger.ts';
export * from './migrations.ts';
export * from './personal-data.ts';
export * from './postgres.ts';
export * from './redis.ts';
export * from './response-check.ts';
export * from './run-main.ts';
export * from './session-cookie.ts';
export * from './sessions.ts';
export * from './unsubscribe.ts';
