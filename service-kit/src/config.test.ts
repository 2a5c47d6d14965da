import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  commandServiceEnv,
  consistencyTokenSecret,
  loadConfig,
  queryServiceEnv,
} from './config.ts';

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

describe('security settings (issue 14)', () => {
  it('trusts loopback proxies by default and takes addresses and CIDR ranges', () => {
    expect(loadConfig(queryServiceEnv, {}).TRUSTED_PROXIES).toEqual(['127.0.0.1/8', '::1/128']);
    expect(
      loadConfig(queryServiceEnv, { TRUSTED_PROXIES: '172.18.0.0/16, fd00::1' }).TRUSTED_PROXIES,
    ).toEqual(['172.18.0.0/16', 'fd00::1']);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/1', '*']) {
      expect(() => loadConfig(queryServiceEnv, { TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('signs consistency tokens with the configured secret, and refuses to start production without one', () => {
    const secret = 's'.repeat(32);
    expect(consistencyTokenSecret(loadConfig(queryServiceEnv, { CONSISTENCY_TOKEN_SECRET: secret }))).toBe(
      secret,
    );
    expect(consistencyTokenSecret(loadConfig(queryServiceEnv, {}))).toHaveLength(44);
    expect(() => consistencyTokenSecret(loadConfig(queryServiceEnv, { NODE_ENV: 'production' }))).toThrow(
      /CONSISTENCY_TOKEN_SECRET/,
    );
    expect(() => loadConfig(queryServiceEnv, { CONSISTENCY_TOKEN_SECRET: 'short' })).toThrow(/32 characters/);
  });
});
