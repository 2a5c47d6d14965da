/**
 * Docker healthcheck of the projector, which serves no HTTP: healthy while its Kafka consumer group has
 * members, that is while the runner is joined and consuming. Exit code 0 means healthy.
 *
 *   node docker/healthcheck/projector.ts
 */
import { loadConfig, queryServiceEnv } from '@careers/service-kit/config';
import { groupName } from '@careers/service-kit/kafka';
import { Kafka, logLevel } from 'kafkajs';
import { PROJECTOR_GROUP } from '../../query-service/src/projectors/runner.ts';

const config = loadConfig(queryServiceEnv);
const group = groupName(config, PROJECTOR_GROUP);
const admin = new Kafka({
  clientId: 'projector-healthcheck',
  brokers: config.KAFKA_BROKERS,
  logLevel: logLevel.NOTHING,
  connectionTimeout: 3000,
  requestTimeout: 5000,
  retry: { retries: 2, initialRetryTime: 200 },
}).admin();

try {
  await admin.connect();
  const { groups } = await admin.describeGroups([group]);
  const members = groups[0]?.members.length ?? 0;
  if (members === 0) console.error(`consumer group ${group} has no members (state ${groups[0]?.state})`);
  process.exitCode = members > 0 ? 0 : 1;
} catch (error) {
  console.error(`cannot describe consumer group ${group}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await admin.disconnect().catch(() => {});
}
