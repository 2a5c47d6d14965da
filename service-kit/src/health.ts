import type { FastifyInstance } from 'fastify';

export type ReadinessCheck = () => Promise<unknown>;

/**
 * `/healthz`: the process is up. `/readyz`: each dependency answers within 2 s; 503 names the ones that
 * do not.
 */
export function registerHealth(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, `failing: ${(error as Error).message}`] as const;
        }
      }),
    );
    const body = Object.fromEntries(results);
    const ready = results.every(([, state]) => state === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: body });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
