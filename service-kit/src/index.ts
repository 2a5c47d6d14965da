export * from './config.ts';
export * from './consistency-tokens.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './http.ts';
export * from './kafka.ts';

// Applied wherever the kit is loaded: every kafkajs client of the process gets the fixed request queue.
import './kafkajs-request-queue.ts';

export * from './logger.ts';
export * from './migrations.ts';
export * from './personal-data.ts';
export * from './postgres.ts';
export * from './redis.ts';
export * from './response-check.ts';
export * from './run-main.ts';
export * from './session-cookie.ts';
export * from './sessions.ts';
