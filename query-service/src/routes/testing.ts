import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { createLogger, createSession } from '@careers/service-kit';
import { ObjectStorage } from '@careers/service-kit/object-storage';
import { projectorTestbed } from '../projectors/testing.ts';
import { buildQueryApp } from '../server.ts';

/**
 * The query app over the real projectors, Postgres, Redis sessions and object storage, in its own
 * namespace, for route tests through `app.inject` (every 2xx is checked against the route table).
 * Events reach the read models through the runner, as they would from Kafka.
 */
export async function queryAppTestbed(name: string) {
  const bed = await projectorTestbed(name);
  const storage = new ObjectStorage(bed.config);
  const app = await buildQueryApp({
    config: bed.config,
    log: createLogger('test', 'silent'),
    pool: bed.pool,
    redis: bed.redis,
    storage,
  });

  async function project(events: EventEnvelope[]): Promise<void> {
    await bed.runner.applyMessages(events.map(bed.message));
  }

  return {
    ...bed,
    app,
    storage,
    project,
    /** A registered person with a session. */
    async signedIn(firstName: string): Promise<{ id: string; sid: string }> {
      const id = randomUUID();
      await project([bed.registered(id, firstName)]);
      return { id, sid: await createSession(bed.redis, id, 600) };
    },
    async close() {
      await app.close();
      await bed.close();
    },
  };
}
