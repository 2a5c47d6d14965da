/**
 * The same four dependencies as scripts/stack.sh, in containers, for machines with a Docker engine:
 *   node scripts/testcontainers-stack.ts > .stack/containers.env   (then: set -a; . .stack/containers.env)
 * `CAREERS_STACK=containers npm test` does this itself. It prints the environment the services and the
 * tests read, then keeps the containers up until it is stopped (Ctrl-C or SIGTERM).
 */
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';

const KAFKA_HOST_PORT = Number(process.env.TC_KAFKA_PORT ?? 19092);

async function main(): Promise<void> {
  const started: StartedTestContainer[] = [];
  const [postgres, redis, kafka, minio] = await Promise.all([
    new GenericContainer('postgres:17')
      .withEnvironment({
        POSTGRES_USER: 'careers',
        POSTGRES_PASSWORD: 'careers',
        POSTGRES_DB: 'careers',
        // As scripts/lib/common.sh's POSTGRES_LOCALE (scripts/docker-compose.test.ts compares).
        POSTGRES_INITDB_ARGS: '--locale=C.UTF-8 --lc-collate=C',
      })
      .withCommand(['postgres', '-c', 'max_connections=300', '-c', 'synchronous_commit=off'])
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7.4')
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept/))
      .start(),
    // Kafka must advertise an address clients can reach from the host, so its port is bound as is.
    new GenericContainer('apache/kafka:4.1.1')
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: `PLAINTEXT://0.0.0.0:${KAFKA_HOST_PORT},CONTROLLER://0.0.0.0:9093`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${KAFKA_HOST_PORT}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_LOG_RETENTION_MS: '-1',
      })
      .withExposedPorts({ container: KAFKA_HOST_PORT, host: KAFKA_HOST_PORT })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start(),
    new GenericContainer('minio/minio:RELEASE.2025-09-07T16-13-09Z')
      .withEnvironment({ MINIO_ROOT_USER: 'careers', MINIO_ROOT_PASSWORD: 'careers-secret' })
      .withCommand(['server', '/data'])
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start(),
  ]);
  started.push(postgres, redis, kafka, minio);

  const env = {
    DATABASE_URL: `postgres://careers:careers@${postgres.getHost()}:${postgres.getMappedPort(5432)}/careers`,
    REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    KAFKA_BROKERS: `127.0.0.1:${KAFKA_HOST_PORT}`,
    S3_ENDPOINT: `http://${minio.getHost()}:${minio.getMappedPort(9000)}`,
  };
  for (const [name, value] of Object.entries(env)) console.log(`${name}=${value}`);
  console.log('# containers ready');

  const stop = async () => {
    await Promise.allSettled(started.map((c) => c.stop()));
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
