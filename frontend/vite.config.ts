import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { edgeRouting } from './edge-proxy.ts';
import { devFileAccess, edgeConfigFromEnv, edgeSecurityHeaders } from './edge-routing.ts';

const edge = edgeConfigFromEnv(process.env);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  plugins: [react(), edgeRouting(edge.targets)],
  server: {
    host: '127.0.0.1',
    port: edge.port,
    strictPort: true,
    fs: { strict: true, ...devFileAccess(repoRoot) },
    // The app is served from its own origin and needs no CORS; Vite's default answers any localhost
    // origin, which let a page on another local port read what the dev server serves.
    cors: false,
    headers: edgeSecurityHeaders('development'),
  },
  preview: {
    host: '127.0.0.1',
    port: edge.port,
    strictPort: true,
    cors: false,
    headers: edgeSecurityHeaders('production'),
  },
  build: { outDir: 'dist', sourcemap: true },
});
