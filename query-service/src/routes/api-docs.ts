import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openApiJson } from '@careers/contracts/openapi-document';
import { API_PREFIX } from '@careers/contracts/routes';
import type { FastifyInstance } from 'fastify';

/** Where the API's documentation lives (a GET, so the edge sends it to this service). */
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

/**
 * The page allows script from this origin only: Swagger UI's bundle and the few lines that start it
 * are files, never inline. Swagger UI writes `style` attributes as it renders, hence inline styles;
 * its icons are data: URLs. It talks to this origin alone (`validatorUrl: null` keeps the document
 * from being sent to a public validator).
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Careers API</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${API_DOCS_PATH}/openapi.json`)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  withCredentials: true,
});
`;

/** Swagger UI's files, by the name the page asks for. A fixed list: nothing else of the package is served. */
const assets = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

/** The assets come with the pinned package, so a browser may keep them for a day. */
const ASSET_CACHE = 'public, max-age=86400';

function swaggerUiDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * GET /api/docs: the HTTP API's OpenAPI document (`/api/docs/openapi.json`, generated from the route
 * table as `docs/api/openapi.json` is) in Swagger UI, served by this service with no CDN. Public like
 * the document in the repository: it lists routes, never data. "Try it out" sends requests from the
 * page's own origin, with the reader's session.
 */
export function registerApiDocs(app: FastifyInstance): void {
  const document = openApiJson();
  const directory = swaggerUiDirectory();
  const loaded = new Map<string, Promise<Buffer>>();

  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': PAGE_CSP,
        'cache-control': 'no-cache',
      })
      .send(PAGE),
  );
  app.get(`${API_DOCS_PATH}/openapi.json`, async (_request, reply) =>
    reply
      .headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' })
      .send(document),
  );
  app.get(`${API_DOCS_PATH}/start.js`, async (_request, reply) =>
    reply
      .headers({ 'content-type': assets['swagger-ui-bundle.js'], 'cache-control': 'no-cache' })
      .send(START),
  );
  for (const [name, contentType] of Object.entries(assets)) {
    app.get(`${API_DOCS_PATH}/${name}`, async (_request, reply) => {
      // Read once, on first use: the bundle is large and most processes never serve it.
      let content = loaded.get(name);
      if (!content) {
        content = readFile(join(directory, name));
        loaded.set(name, content);
        content.catch(() => loaded.delete(name));
      }
      return reply.headers({ 'content-type': contentType, 'cache-control': ASSET_CACHE }).send(await content);
    });
  }
}
