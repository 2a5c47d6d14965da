import { describe, expect, it } from 'vitest';
import { ConfigError, commandServiceEnv, loadConfig, queryServiceEnv } from './config.ts';

describe('loadConfig', () => {
  it('takes the local stack defaults when nothing is set', () => {
    const config = loadConfig(commandServiceEnv, {});
    expect(config.PORT).toBe(4001);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
    expect(config.DB_SCHEMA).toBe('cmd');
    expect(config.S3_BUCKET).toBe('careers-uploads');
    expect(config.CHECK_RESPONSES).toBe(false);
    expect(loadConfig(queryServiceEnv, {})).toMatchObject({ PORT: 4002, CHECK_RESPONSES: false });
  });

  it('treats empty strings as unset and parses lists and booleans', () => {
    const config = loadConfig(commandServiceEnv, {
      PORT: '',
      KAFKA_BROKERS: 'a:1, b:2',
      COOKIE_SECURE: 'true',
      ALLOWED_ORIGINS: 'https://jobs.example.com',
    });
    expect(config.PORT).toBe(4001);
    expect(config.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
    expect(config.COOKIE_SECURE).toBe(true);
    expect(config.ALLOWED_ORIGINS).toEqual(['https://jobs.example.com']);
  });

  it('names every bad variable, why, and what it got', () => {
    let error: unknown;
    try {
      loadConfig(commandServiceEnv, { PORT: 'eighty', DATABASE_URL: 'mysql://x', KAFKA_BROKERS: 'nohost' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('"eighty"');
    expect(message).toContain('DATABASE_URL: must be a postgres:// connection URL');
    expect(message).toContain('KAFKA_BROKERS');
    expect(message).toContain('host:port');
  });
});
