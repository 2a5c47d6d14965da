import { openApiDocument } from '@careers/contracts/openapi-document';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, registerApiDocs } from './api-docs.ts';

const app = Fastify();
registerApiDocs(app);
afterAll(() => app.close());

describe('GET /api/docs', () => {
  it('is a page whose scripts are all files of this origin (no inline script, no CDN)', async () => {
    const response = await app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = [...response.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, content] of scripts) {
      expect(content).toBe('');
      expect(attributes).toMatch(new RegExp(`src="${API_DOCS_PATH}/[a-z-]+\\.js"`));
    }
    expect(response.body).not.toMatch(/https?:\/\//);
  });

  it('serves every file the page asks for, as what it is', async () => {
    const page = (await app.inject({ method: 'GET', url: API_DOCS_PATH })).body;
    const urls = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body.length, url).toBeGreaterThan(0);
      expect(response.headers['content-type'], url).toMatch(
        url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
    }
  });

  it('starts Swagger UI on the generated document, without the public validator', async () => {
    const start = (await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/start.js` })).body;
    expect(start).toContain(`url: "${API_DOCS_PATH}/openapi.json"`);
    expect(start).toContain('validatorUrl: null');
    const document = await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/openapi.json` });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('serves nothing else of the package', async () => {
    for (const name of ['index.html', 'package.json', 'swagger-ui.js', '..%2Fpackage.json']) {
      expect((await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/${name}` })).statusCode, name).toBe(
        404,
      );
    }
  });
});
