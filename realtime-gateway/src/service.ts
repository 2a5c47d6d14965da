import {
  createLogger,
  createRedis,
  loadConfig,
  realtimeGatewayEnv,
  type StartOptions,
} from '@careers/service-kit';
import { createKafka } from '@careers/service-kit/kafka';
import { createGateway, type Gateway } from './gateway.ts';

export interface RunningGateway {
  gateway: Gateway;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the gateway: it listens at once (so `/healthz` answers and `/readyz` names what is missing),
 * then resolves once Redis answers. Kafka is not waited for here: `gateway.ready` resolves when the
 * consumer joins its group, however long Kafka is away.
 */
export async function startGateway(
  env: NodeJS.ProcessEnv = process.env,
  options: Omit<StartOptions, 'listen'> = {},
): Promise<RunningGateway> {
  const config = loadConfig(realtimeGatewayEnv, env);
  const log = createLogger('realtime-gateway', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, log);
  const kafka = createKafka(config, 'realtime-gateway', log);
  const gateway = await createGateway({ config, log, redis, kafka });
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await gateway.close();
      await redis.quit().catch(() => redis.disconnect());
    })();
    return closing;
  };
  const abort = () => void close();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      gateway.http.once('error', reject);
      gateway.http.listen(config.PORT, config.HOST, () => {
        gateway.http.off('error', reject);
        resolve();
      });
    });
    const address = gateway.http.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log.info(`realtime-gateway listening on http://${config.HOST}:${port}`);
    options.onListening?.(`http://${config.HOST}:${port}`);
    await gateway.started;
    return { gateway, port, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
