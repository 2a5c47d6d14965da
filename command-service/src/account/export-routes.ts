import { Readable } from 'node:stream';
import { authMessages } from '@careers/contracts/messages';
import { apiPath, routes } from '@careers/contracts/routes';
import { type Redis, requireSignedIn, unauthorized } from '@careers/service-kit';
import type { FastifyInstance } from 'fastify';
import { AccountExporter, type ExportDeps, exportFilename } from './export.ts';

export interface ExportRouteDeps extends ExportDeps {
  app: FastifyInstance;
  redis: Redis;
}

/**
 * `POST /auth/export`: the signed-in person's data as a JSON file (`export.ts`). A POST, not a GET: it
 * is a deliberate act, held to the `accountData` rate limit with the deletion, and no link or prefetch
 * can start it. It records nothing. The answer is a download that no cache may keep.
 */
export function registerExportRoute(deps: ExportRouteDeps): void {
  const route = routes.exportMyData;
  const exporter = new AccountExporter(deps);
  deps.app.route({
    method: route.method,
    url: apiPath(route),
    handler: async (request, reply) => {
      const { userId } = await requireSignedIn(deps.redis, request);
      const exportedAt = new Date();
      const prepared = await exporter.prepare(userId, exportedAt);
      // The session outlived the account by a moment (a deletion in another tab): nobody to export.
      if (!prepared) throw unauthorized(authMessages.signInRequired);
      return reply
        .code(route.status)
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFilename(exportedAt)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(prepared.chunks(), { objectMode: false }));
    },
  });
}
