import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { edgeRouting } from './edge-proxy.ts';
import { devFileAccess, edgeConfigFromEnv, edgeSecurityHeaders } from './edge-routing.ts';
import { precompress } from './precompress.ts';

const edge = edgeConfigFromEnv(process.env);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  plugins: [react(), edgeRouting(edge.targets, edge.secret), precompress()],
  // zod with eval switched off before any schema is built (src/lib/zod-jitless.ts).
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
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
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Fewer, larger shared chunks: without these a first load of a signed-in screen asked for 25
        // scripts, many under 1 KB (a request each, and a round trip each on a slow link). The
        // screens themselves stay one chunk each (route-table.tsx), loaded when first shown.
        advancedChunks: {
          groups: [
            // A group takes in what its modules import, unless a group of a higher priority took it.
            // First the contracts' texts and constants (no schemas), which every page shows, so that
            // no group below takes them in and makes the first script load that group.
            {
              name: 'texts',
              test: /contracts[\\/]src[\\/](messages|constants|consistency|relative-time|validation|api[\\/](endpoints|build-path|query-string))\.ts/,
              priority: 50,
            },
            // zod and the schemas built with it, and socket.io: for the screens that need them.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|zod-jitless/, priority: 40 },
            {
              name: 'schemas',
              test: /contracts[\\/]src[\\/](entities|requests|events|policies|sockets|validation|api[\\/]\w+-routes|api[\\/]responses)/,
              priority: 30,
            },
            // The live connection: the signed-in shell's, never the sign-in page's.
            {
              name: 'socket',
              test: /node_modules[\\/](socket\.io|engine\.io)|[\\/]lib[\\/]socket\.ts/,
              priority: 36,
            },
            // react-query's hooks beside its core, which the first script already holds.
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // The app's own building blocks that several screens share.
            {
              name: 'app-shared',
              test: /frontend[\\/]src[\\/](components|lib)[\\/]/,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
