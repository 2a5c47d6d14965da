// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './edge-routing.ts';

/**
 * The dev server as `npm start` runs it (frontend/vite.config.ts) on a free port: what it lets a
 * browser read from disk, and the headers of what it serves (issue 14, findings 6 and 8).
 */
const frontend = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
let server: ViteDevServer;
let base = '';

beforeAll(async () => {
  server = await createServer({
    configFile: `${frontend}vite.config.ts`,
    root: frontend,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, hmr: false },
  });
  await server.listen();
  base = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
}, 30_000);

afterAll(() => server?.close());

describe('the dev edge', () => {
  it.each([
    ['the local data directory', '.stack/logs/kafka.log'],
    ['the repository manifest outside the app', 'package.json'],
    ['a service source file', 'command-service/src/users/passwords.ts'],
    // npm links the workspaces into node_modules, which third-party packages are served from.
    [
      'a service source file through its workspace link',
      'node_modules/@careers/service-kit/src/config.ts?raw',
    ],
    ['another service through its workspace link', 'node_modules/@careers/command-service/src/server.ts'],
  ])('refuses %s through /@fs', async (_what, path) => {
    const response = await fetch(`${base}/@fs${repoRoot}${path}`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(readFileSync(`${repoRoot}package.json`, 'utf8').slice(0, 40));
  });

  it('still serves the app and the contracts it imports', async () => {
    expect((await fetch(`${base}/@fs${repoRoot}frontend/src/main.tsx`)).status).toBe(200);
    expect((await fetch(`${base}/@fs${repoRoot}contracts/src/messages.ts`)).status).toBe(200);
  });

  it('answers no CORS to another local origin', async () => {
    const response = await fetch(`${base}/src/main.tsx`, { headers: { origin: 'http://localhost:9999' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base}/src/main.tsx`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:9999', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the HTML with the CSP (relaxed for the dev client only), no framing, nosniff and a referrer policy', async () => {
    const response = await fetch(`${base}/jobs`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy('development'));
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the production CSP', () => {
  it('allows no inline script or style, and index.html needs none', () => {
    const policy = contentSecurityPolicy('production');
    expect(policy).not.toContain('unsafe');
    expect(policy).toContain("script-src 'self';");
    const html = readFileSync(`${frontend}index.html`, 'utf8');
    // Every script is an external module; no inline handlers or style attributes.
    expect(
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attrs, body]) => [
        /\bsrc=/.test(attrs ?? ''),
        body?.trim(),
      ]),
    ).toEqual([[true, '']]);
    expect(html).not.toMatch(/\son[a-z]+=|\sstyle=/i);
  });

  it('is the one docker/nginx.conf sends with the app, with the same protection headers', () => {
    const nginx = readFileSync(`${repoRoot}docker/nginx.conf`, 'utf8').replace(/#.*$/gm, '');
    const locations = [...nginx.matchAll(/location\s+([^{]+?)\s*\{([^}]*)\}/g)];
    for (const name of ['/', '^~ /assets/', '~ "\\.[A-Za-z0-9]+$|^/@"']) {
      const body = locations.find(([, match]) => match === name)?.[2] ?? '';
      expect(body, name).toContain(
        `add_header Content-Security-Policy "${contentSecurityPolicy('production')}" always;`,
      );
      expect(body, name).toMatch(/add_header X-Frame-Options "DENY" always;/);
      expect(body, name).toMatch(/add_header X-Content-Type-Options "nosniff" always;/);
      expect(body, name).toMatch(/add_header Referrer-Policy "strict-origin-when-cross-origin" always;/);
    }
    expect(nginx).not.toMatch(/Strict-Transport-Security/i);
    // The forwarded address is the peer nginx saw, never appended to the client's own header.
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    expect([...nginx.matchAll(/proxy_set_header\s+X-Forwarded-For\s+(\S+);/g)].map(([, v]) => v)).toEqual([
      '$remote_addr',
      '$remote_addr',
      '$remote_addr',
    ]);
  });
});
