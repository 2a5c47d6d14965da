/**
 * Docker healthcheck of the projector: asks its health listener's `/readyz` (PROJECTOR_PORT), which is
 * 200 while the consumer is in its group and Postgres and Redis answer. On any other answer it prints
 * the body, which names what is failing or awaited (`docker inspect` shows it). Exit code 0 means healthy.
 *
 *   node docker/healthcheck/projector.ts
 */
import { loadConfig, queryServiceEnv } from '@careers/service-kit/config';

const { PROJECTOR_PORT } = loadConfig(queryServiceEnv);
try {
  const response = await fetch(`http://127.0.0.1:${PROJECTOR_PORT}/readyz`, {
    signal: AbortSignal.timeout(4000),
  });
  if (!response.ok) console.error(`projector not ready: ${await response.text()}`);
  process.exitCode = response.ok ? 0 : 1;
} catch (error) {
  console.error(
    `projector health listener on port ${PROJECTOR_PORT} did not answer: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
