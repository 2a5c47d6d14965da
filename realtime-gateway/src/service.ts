import { createKafka, createLogger, createRedis, loadConfig, realtimeGatewayEnv } from '@careers/service-kit';
import { createGateway, type Gateway } from './gateway.ts';

export interface RunningGateway {
  gateway: Gateway;
  port: number;
  close(): Promise<void>;
}

export async function startGateway(env: NodeJS.ProcessEnv = process.env): Promise<RunningGateway> {
  const config = loadConfig(realtimeGatewayEnv, env);
  const log = createLogger('realtime-gateway', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const kafka = createKafka(config, 'realtime-gateway', log);
  const gateway = await createGateway({ config, log, redis, kafka });
  await new Promise<void>((resolve) => gateway.http.listen(config.PORT, config.HOST, resolve));
  const address = gateway.http.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info(`realtime-gateway listening on http://${config.HOST}:${port}`);
  return {
    gateway,
    port,
    async close() {
      await gateway.close();
      await redis.quit().catch(() => {});
    },
  };
}
