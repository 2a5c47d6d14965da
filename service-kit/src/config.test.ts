import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  commandServiceEnv,
  consistencyTokenSecret,
  loadConfig,
  queryServiceEnv,
  realtimeGatewayEnv,
  testOnlySecrets,
} from './config.ts';

/** The tests' environment: the built-in secrets are allowed here alone. */
const inTests = { NODE_ENV: 'test' } as const;

describe('loadConfig', () => {
  it('takes the local stack defaults when nothing is set', () => {
    const config = loadConfig(commandServiceEnv, inTests);
    expect(config.PORT).toBe(4001);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
    expect(config.DB_SCHEMA).toBe('cmd');
    expect(config.S3_BUCKET).toBe('careers-uploads');
    expect(config.CHECK_RESPONSES).toBe(false);
    expect(loadConfig(queryServiceEnv, inTests)).toMatchObject({ PORT: 4002, CHECK_RESPONSES: false });
  });

  it('treats empty strings as unset and parses lists and booleans', () => {
    const config = loadConfig(commandServiceEnv, {
      ...inTests,
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

  it("takes the gateway's query-service as one URL or as several copies' URLs", () => {
    expect(loadConfig(realtimeGatewayEnv, inTests).QUERY_SERVICE_URL).toEqual(['http://127.0.0.1:4002']);
    const copies = 'http://127.0.0.1:4012, http://127.0.0.1:4002';
    expect(
      loadConfig(realtimeGatewayEnv, { ...inTests, QUERY_SERVICE_URL: copies }).QUERY_SERVICE_URL,
    ).toEqual(['http://127.0.0.1:4012', 'http://127.0.0.1:4002']);
    expect(() =>
      loadConfig(realtimeGatewayEnv, { ...inTests, QUERY_SERVICE_URL: 'http://a:1,nope' }),
    ).toThrow('QUERY_SERVICE_URL');
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
    expect(loadConfig(queryServiceEnv, inTests).TRUSTED_PROXIES).toEqual(['127.0.0.1/8', '::1/128']);
    expect(
      loadConfig(queryServiceEnv, { ...inTests, TRUSTED_PROXIES: '172.18.0.0/16, fd00::1' }).TRUSTED_PROXIES,
    ).toEqual(['172.18.0.0/16', 'fd00::1']);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/1', '*']) {
      expect(() => loadConfig(queryServiceEnv, { ...inTests, TRUSTED_PROXIES: bad })).toThrow(
        /TRUSTED_PROXIES/,
      );
    }
  });

  it('signs consistency tokens with the configured secret, and refuses to start outside the tests without one', () => {
    const secret = 's'.repeat(32);
    expect(
      consistencyTokenSecret(loadConfig(queryServiceEnv, { ...inTests, CONSISTENCY_TOKEN_SECRET: secret })),
    ).toBe(secret);
    expect(consistencyTokenSecret(loadConfig(queryServiceEnv, { NODE_ENV: 'test' }))).toBe(
      testOnlySecrets.CONSISTENCY_TOKEN_SECRET,
    );
    expect(() => loadConfig(queryServiceEnv, { CONSISTENCY_TOKEN_SECRET: 'short' })).toThrow(/32 characters/);
  });

  const own = {
    CONSISTENCY_TOKEN_SECRET: 'c'.repeat(43),
    PERSONAL_DATA_SECRET: 'p'.repeat(43),
    S3_SECRET_KEY: 'k'.repeat(43),
    EDGE_SECRET: 'e'.repeat(43),
    UNSUBSCRIBE_SECRET: 'u'.repeat(43),
  };

  it.each(['development', 'production', undefined])(
    'refuses to start with NODE_ENV=%s when a secret is missing, naming it',
    (nodeEnv) => {
      const env = nodeEnv ? { NODE_ENV: nodeEnv } : {};
      for (const name of Object.keys(own) as Array<keyof typeof own>) {
        const { [name]: _, ...rest } = own;
        const schema =
          name === 'S3_SECRET_KEY' || name === 'UNSUBSCRIBE_SECRET' ? commandServiceEnv : queryServiceEnv;
        if (name === 'S3_SECRET_KEY') {
          // Unset, it takes the built-in test value, which is refused as such.
          expect(() => loadConfig(schema, { ...env, ...rest })).toThrow(
            new RegExp(`${name}: is the built-in test value`),
          );
        } else {
          expect(() => loadConfig(schema, { ...env, ...rest })).toThrow(
            new RegExp(`${name}: required outside the tests`),
          );
        }
      }
      expect(loadConfig(commandServiceEnv, { ...env, ...own }).S3_SECRET_KEY).toBe(own.S3_SECRET_KEY);
      // A schema that does not read a secret does not ask for it: the gateway has no object store.
      expect(() =>
        loadConfig(realtimeGatewayEnv, {
          ...env,
          CONSISTENCY_TOKEN_SECRET: own.CONSISTENCY_TOKEN_SECRET,
          PERSONAL_DATA_SECRET: own.PERSONAL_DATA_SECRET,
        }),
      ).not.toThrow();
    },
  );

  it('refuses the built-in test secrets outside the tests, so tokens signed with them are never accepted', () => {
    for (const [name, builtIn] of Object.entries(testOnlySecrets)) {
      expect(() =>
        loadConfig(commandServiceEnv, { NODE_ENV: 'production', ...own, [name]: builtIn }),
      ).toThrow(new RegExp(`${name}: is the built-in test value`));
    }
  });

  it('takes a scrypt cost below 2^14 in the tests alone', () => {
    expect(
      loadConfig(commandServiceEnv, { ...inTests, PASSWORD_SCRYPT_LOG_N: '10' }).PASSWORD_SCRYPT_LOG_N,
    ).toBe(10);
    expect(() =>
      loadConfig(commandServiceEnv, { NODE_ENV: 'production', ...own, PASSWORD_SCRYPT_LOG_N: '13' }),
    ).toThrow(/PASSWORD_SCRYPT_LOG_N: at least 14 outside the tests \(got 13\)/);
    expect(
      loadConfig(commandServiceEnv, { NODE_ENV: 'production', ...own, PASSWORD_SCRYPT_LOG_N: '14' })
        .PASSWORD_SCRYPT_LOG_N,
    ).toBe(14);
    expect(() => loadConfig(commandServiceEnv, { ...inTests, PASSWORD_SCRYPT_LOG_N: '9' })).toThrow(
      /PASSWORD_SCRYPT_LOG_N/,
    );
  });
});
